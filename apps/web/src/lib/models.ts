/** Client-side shapes of the portal API: the contracts' types plus the client-only flags of spec §3. */
import type {
  Account as AccountDto,
  AuthenticatedUser,
  Report as ReportDto,
  SubscriptionView,
  Workspace as WorkspaceDto,
} from '@vitrina/contracts';

export type {
  AuthoringDataset,
  CreateEmbed,
  EditReport,
  Permission,
  ReportUser,
  ReportUsers,
  User,
  ViewerReport,
} from '@vitrina/contracts';

/** Roles of spec §1 (mirrors the contracts' `roles`, kept here so the login chunk stays free of Zod). */
export const Role = { Administrator: 0, Viewer: 1 } as const;

export type CurrentUser = AuthenticatedUser;

/** A view to open a report with (a subscription's): the captured state, and its pages. */
export type ReportView = Pick<SubscriptionView, 'pages' | 'bookmarkState'>;

export interface Report extends ReportDto {
  /** Client side: highlighted in the administration tree. */
  active?: boolean;
}

export interface Workspace extends Omit<WorkspaceDto, 'reports'> {
  reports: Report[];
  /** Client side: whether the gateway shows this workspace (default true). */
  show?: boolean;
}

export interface Account extends Omit<AccountDto, 'workspaces'> {
  workspaces: Workspace[];
}
