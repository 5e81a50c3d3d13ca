import type { Kysely } from 'kysely';
import { errorMessages } from '@vitrina/contracts';
import type { EffectiveIdentity } from '@vitrina/bi-model/rest';
import type { Database } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors.ts';
import { credentialsOf } from '../accounts/account-credentials.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { SecretBox } from '../accounts/secret-box.ts';
import type { BiClient } from '../bi-client/bi-client.ts';
import { BiServiceError } from '../bi-client/bi-errors.ts';
import { portalErrorOf } from '../bi-client/portal-error.ts';
import type { BiCredentials } from '../bi-client/bi-token-provider.ts';
import type { ContentCache } from '../content/content-cache.ts';
import type { ReportPlacement } from '../content/content-snapshot.ts';
import type { StoredIdentity } from '../identities/identities.repository.ts';
import { identityFor } from '../identities/identity-resolution.ts';
import {
  canViewReport,
  isAdministrator,
  type Grants,
  type PolicyUser,
} from '../permissions/permissions.policy.ts';

const viewerMessages = {
  identityMissing:
    'Este informe aplica seguridad por filas y su usuario no tiene una identidad asignada. Pida a un administrador que se la asigne.',
} as const;

/** Where the report `uid` lives; a report synced since the cached snapshot is found too. 404 otherwise. */
export async function findReport(content: ContentCache, uid: string): Promise<ReportPlacement> {
  const snapshot = await content.get();
  const placement =
    snapshot.reportsByUid.get(uid) ??
    (await content.refreshIfChanged(snapshot)).reportsByUid.get(uid);
  if (!placement) throw appErrors.notFound(errorMessages.reportNotFound);
  return placement;
}

/** A viewer's identities on one account, and the one each dataset of it gets. */
export interface ViewerIdentities {
  /** The stored identities, all of the report's account; empty when the viewer has none. */
  mapped: StoredIdentity[];
  /**
   * The effective identity for `datasetId`, undefined when none applies. An identity without
   * roles of its own (a provider's RLS claim with `OIDC_RLS_ROLES` unset) takes every role the
   * dataset declares, and none applies when the service does not say which (Power BI).
   */
  of(datasetId: string, declaredRoles: readonly string[]): EffectiveIdentity | undefined;
}

/** Calls made for a viewer: embed tokens and exports carry the same identity (or none). */
export type AsViewer = <T>(
  placement: ReportPlacement,
  identities: ViewerIdentities,
  work: (credentials: BiCredentials, identity: EffectiveIdentity | undefined) => Promise<T>,
) => Promise<T>;

/**
 * What every call made on a viewer's behalf shares: the report found and the viewer allowed to
 * open it (administrators always are), the viewer's effective identity, and the BI call run with
 * the account's credentials under that identity. A report whose dataset needs an identity and a
 * viewer without one fail closed with `identity_required`, never a call without identity.
 */
export function createViewerAccess(deps: {
  db: Kysely<Database>;
  secrets: SecretBox;
  bi: Pick<BiClient, 'reportDataset'>;
  content: ContentCache;
  grants: (userId: number) => Promise<Grants>;
  identities: (userId: number) => Promise<StoredIdentity[]>;
}) {
  async function credentialsFor(accountId: number): Promise<BiCredentials> {
    const row = await accountsRepository.getById(deps.db, accountId);
    if (!row) throw appErrors.notFound(errorMessages.reportNotFound);
    return credentialsOf(row, deps.secrets);
  }

  /** `work` with the account's credentials; a failed BI call becomes the portal's error. */
  async function withAccount<T>(
    placement: ReportPlacement,
    work: (credentials: BiCredentials) => Promise<T>,
  ): Promise<T> {
    try {
      return await work(await credentialsFor(placement.account.id));
    } catch (error) {
      throw error instanceof BiServiceError ? portalErrorOf(error) : error;
    }
  }

  const asViewer: AsViewer = async (placement, identities, work) => {
    const { account, workspace, report } = placement;
    const mapped = identities.mapped.length > 0;
    let credentials: BiCredentials | undefined;
    try {
      credentials = await credentialsFor(account.id);
      let identity: EffectiveIdentity | undefined;
      if (mapped && report.kind === 'report') {
        const dataset = await deps.bi.reportDataset(credentials, workspace.id, report.id);
        identity = dataset.identityRequired
          ? identities.of(dataset.datasetId, dataset.declaredRoles)
          : undefined;
        if (dataset.identityRequired && !identity) {
          throw new AppError('identity_required', viewerMessages.identityMissing);
        }
      }
      return await work(credentials, identity);
    } catch (error) {
      if (!(error instanceof BiServiceError)) throw error;
      // Refused without an identity: say so when the dataset is why (row-level security).
      if (credentials && !mapped && report.kind === 'report') {
        const dataset = await deps.bi
          .reportDataset(credentials, workspace.id, report.id)
          .catch(() => undefined);
        if (dataset?.identityRequired) {
          throw new AppError('identity_required', viewerMessages.identityMissing);
        }
      }
      throw portalErrorOf(error);
    }
  };

  return {
    asViewer,
    withAccount,

    /** The report `uid` if `user` may open it: 404 when it does not exist, 403 when not theirs. */
    async openable(user: PolicyUser, uid: string): Promise<ReportPlacement> {
      const placement = await findReport(deps.content, uid);
      const { account, workspace, report } = placement;
      const location = {
        accountId: account.id,
        workspaceBiId: workspace.id,
        reportBiId: report.id,
      };
      // Administrators skip the grants lookup: they see everything.
      if (!isAdministrator(user) && !canViewReport(user, location, await deps.grants(user.id))) {
        throw new AppError('forbidden', errorMessages.reportForbidden);
      }
      return placement;
    },

    /** The viewer's identities on `accountId` (decision 0131: per dataset, else account-wide). */
    async identitiesOf(userId: number, accountId: number): Promise<ViewerIdentities> {
      const mapped = (await deps.identities(userId)).filter((i) => i.accountId === accountId);
      return {
        mapped,
        of(datasetId, declaredRoles) {
          const identity = identityFor(mapped, accountId, datasetId);
          const roles = identity?.roles.length ? identity.roles : declaredRoles;
          return identity && roles.length > 0
            ? { username: identity.username, roles: [...roles], datasets: [datasetId] }
            : undefined;
        },
      };
    },
  };
}
export type ViewerAccess = ReturnType<typeof createViewerAccess>;
