import type { Generated } from 'kysely';

/**
 * Table shapes as Kysely sees them. Booleans are stored as 0/1 integers and times as ISO-8601
 * text, so both dialects store and compare them the same way.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  firstname: string;
  lastname: string;
  mail: string;
  rol: number;
  password_hash: string;
  /** 1 while the password is a mailed temporary one. */
  password_temporary: number;
  failed_logins: number;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
  /** Issuer and subject of the provider account; both null for a local user. */
  oidc_issuer: string | null;
  oidc_subject: string | null;
  /** The row-level security identity the provider's claim gave at the last sign-in. */
  rls_username: string | null;
  /** JSON of the claim values that set the role at the last sign-in (`RoleClaims`). */
  role_claims: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** All tokens descending from one login share a family; reuse revokes the family. */
  family_id: string;
  /** SHA-256 of the opaque token: the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface AccountsTable {
  id: Generated<number>;
  username: string;
  /** AES-256-GCM ciphertext of the integration password. */
  password_encrypted: string;
  client_id: string;
  description: string;
  error: number;
  message: string | null;
  last_sync_at: string | null;
  created_at: string;
  updated_at: string;
  /** 'MasterUser' (password grant) or 'ServicePrincipal' (client credentials). */
  auth_type: Generated<string>;
  tenant_id: string | null;
  /** AES-256-GCM ciphertext of a service principal's PEM (private key and certificate). */
  certificate_encrypted: string | null;
  /** ISO date the secret or certificate expires, when known. */
  secret_expires_at: string | null;
}

/** A viewer's effective identity for an account (`dataset_id` '') or one of its datasets. */
export interface RlsIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  account_id: number;
  dataset_id: string;
  username: string;
  /** JSON array of role names. */
  roles: string;
}

export interface WorkspacesTable {
  id: Generated<number>;
  account_id: number;
  bi_id: string;
  name: string;
}

export interface ReportsTable {
  id: Generated<number>;
  workspace_id: number;
  /** Stable portal id used in viewer routes; survives syncs. */
  uid: string;
  bi_id: string;
  name: string;
  kind: 'report' | 'dashboard';
  embed_url: string;
  dataset_id: string | null;
}

export interface PermissionsTable {
  id: Generated<number>;
  user_id: number;
  account_element_id: string;
  element_type: 'account' | 'workspace' | 'report';
  /** ISO 8601 in UTC; null: the grant has no end. */
  valid_until: string | null;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  report_id: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** No foreign key: the history outlives deleted users. */
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  detail: string | null;
  ip: string | null;
  /** Retention category, from the action (lib/audit-chain.ts); each category is one chain. */
  category: string;
  /** The previous entry's hash in the category's chain, and this entry's (decision 0273). */
  prev_hash: string;
  hash: string;
}

/** Per audit category: the chain's last hash and the hash its oldest kept entry points at. */
export interface AuditChainHeadsTable {
  category: string;
  hash: string;
  /** The last pruned entry's hash (the genesis hash while nothing was pruned). */
  anchor_hash: string;
  last_id: number | null;
}

/** A report mailed on a schedule (issue 28); `pages` and `days` are JSON arrays. */
export interface SubscriptionsTable {
  id: Generated<number>;
  owner_id: number;
  report_uid: string;
  format: 'PDF' | 'PNG';
  pages: string;
  bookmark_state: string | null;
  frequency: 'daily' | 'weekly' | 'monthly' | 'afterRefresh';
  /** '' after each refresh (no time of day). */
  time: string;
  time_zone: string;
  days: string;
  start_date: string;
  end_date: string | null;
  subject: string;
  message: string;
  paused: number;
  /** The next scheduled send; null when paused, ended or sent after refreshes. */
  next_run_at: string | null;
  /** `afterRefresh`: the key of the last refresh claimed (sent for); null before the first. */
  refresh_seen: string | null;
  created_at: string;
  updated_at: string;
}

/** A provider group a subscription is sent to; its members' unsubscribe links name the row. */
export interface SubscriptionGroupsTable {
  id: Generated<number>;
  subscription_id: number;
  group_name: string;
  unsubscribe_nonce: string;
}

/** A group member who unsubscribed: no mail of that subscription through any group. */
export interface SubscriptionOptOutsTable {
  subscription_id: number;
  user_id: number;
  at: string;
}

export interface SubscriptionRecipientsTable {
  id: Generated<number>;
  subscription_id: number;
  user_id: number;
  unsubscribe_nonce: string;
}

/** One occurrence, refresh or "Enviar ahora" of a subscription (`trig`). */
export interface SubscriptionRunsTable {
  id: Generated<number>;
  subscription_id: number;
  due_at: string;
  trig: 'schedule' | 'manual' | 'refresh';
  late: number;
  started_at: string | null;
  finished_at: string | null;
}

export interface SubscriptionDeliveriesTable {
  id: Generated<number>;
  run_id: number;
  user_id: number;
  outcome: 'pending' | 'sent' | 'skipped' | 'failed';
  reason: string | null;
  error: string | null;
  attempts: number;
  at: string | null;
}

/** A value of the role claim seen at a sign-in: administrators can grant it content. */
export interface ProviderGroupsTable {
  name: string;
  last_seen_at: string;
}

/** The groups a provider user had at their last sign-in. */
export interface UserGroupsTable {
  user_id: number;
  group_name: string;
}

/** A grant to a provider group, inherited by its members as a user's own grants. */
export interface GroupPermissionsTable {
  id: Generated<number>;
  group_name: string;
  account_element_id: string;
  element_type: 'account' | 'workspace' | 'report';
  valid_until: string | null;
}

/** A reminder mail sent for a grant about to end (one per holder, element and end). */
export interface GrantRemindersTable {
  holder: string;
  account_element_id: string;
  valid_until: string;
  sent_at: string;
}

/** A session (refresh-token family) opened through the provider, and when it began. */
export interface OidcSessionsTable {
  family_id: string;
  user_id: number;
  started_at: string;
}

/**
 * One report open the viewer reported (issue 30). Kept compact: epoch milliseconds, the UTC day
 * as a number, phases in whole milliseconds, the report's account and workspace copied so the
 * filters need no join, 0/1 for the device class.
 */
export interface UsageOpensTable {
  id: Generated<number>;
  at_ms: number;
  /** Days since 1970-01-01 (UTC). */
  day: number;
  report_uid: string;
  /** No foreign key: the history outlives deleted users. */
  user_id: number;
  account_id: number;
  workspace_id: string;
  page: string | null;
  token_ms: number | null;
  loaded_ms: number | null;
  rendered_ms: number | null;
  total_ms: number | null;
  error_code: string | null;
  /** 1 for a phone, 0 for a desktop. */
  phone: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  accounts: AccountsTable;
  workspaces: WorkspacesTable;
  reports: ReportsTable;
  permissions: PermissionsTable;
  favorites: FavoritesTable;
  audit_log: AuditLogTable;
  audit_chain_heads: AuditChainHeadsTable;
  rls_identities: RlsIdentitiesTable;
  subscriptions: SubscriptionsTable;
  subscription_recipients: SubscriptionRecipientsTable;
  subscription_groups: SubscriptionGroupsTable;
  subscription_opt_outs: SubscriptionOptOutsTable;
  subscription_runs: SubscriptionRunsTable;
  subscription_deliveries: SubscriptionDeliveriesTable;
  provider_groups: ProviderGroupsTable;
  user_groups: UserGroupsTable;
  group_permissions: GroupPermissionsTable;
  oidc_sessions: OidcSessionsTable;
  usage_opens: UsageOpensTable;
  grant_reminders: GrantRemindersTable;
  access_reviews: AccessReviewsTable;
  access_review_lines: AccessReviewLinesTable;
}

/** An access review (issue 30) over an account (id as text), workspace or report (BI ids). */
export interface AccessReviewsTable {
  id: Generated<number>;
  account_element_id: string;
  scope_name: string;
  /** The last day to decide, `YYYY-MM-DD` (UTC, included). */
  due_date: string;
  created_at: string;
  created_by: string | null;
  /** When the undecided lines were escalated (once, after the due date). */
  escalated_at: string | null;
}

/** One (user, report) access of a review; `granted_through` is JSON (levels and groups). */
export interface AccessReviewLinesTable {
  id: Generated<number>;
  review_id: number;
  user_id: number;
  username: string;
  report_bi_id: string;
  report_name: string;
  granted_through: string;
  last_used: string | null;
  recommendation: 'keep' | 'remove';
  decision: 'keep' | 'remove' | null;
  decided_at: string | null;
  decided_by: string | null;
  /** 1 once the line passed its due date undecided (kept, administrators told). */
  escalated: Generated<number>;
}

/** Tables in an order that respects foreign keys when deleting everything. */
export const tablesChildFirst = [
  'access_review_lines',
  'access_reviews',
  'usage_opens',
  'audit_log',
  'grant_reminders',
  'audit_chain_heads',
  'subscription_deliveries',
  'subscription_runs',
  'subscription_recipients',
  'subscription_opt_outs',
  'subscription_groups',
  'subscriptions',
  'oidc_sessions',
  'group_permissions',
  'user_groups',
  'provider_groups',
  'favorites',
  'rls_identities',
  'permissions',
  'reports',
  'workspaces',
  'accounts',
  'refresh_tokens',
  'users',
] as const satisfies readonly (keyof Database)[];
