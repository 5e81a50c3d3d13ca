import type { AccessLevel, EmbedToken } from '@vitrina/bi-model';
import { randomUUID } from 'node:crypto';
import { epochSeconds, type Clock } from '../../platform/clock.ts';
import { entityNotFound, invalidRequest } from '../../http/powerbi-error.ts';
import type { ContentRepository, DatasetRow } from '../content/content.repository.ts';
import type { TileItem } from '../content/content.ts';
import type { VerifiedCaller } from '../identity/access-token.ts';
import { signEmbedToken } from '../identity/embed-token.ts';
import type { SigningKey } from '../../platform/signing-key.ts';
import type { ContentService } from '../content/content.service.ts';
import type { MemberWorkspace } from '../workspaces/workspaces.service.ts';
import { resolveIdentities, type IdentityInput } from './effective-identities.ts';

/** The items an embed token will cover (ids lower-case). */
export interface TokenScope {
  reports: Iterable<string>;
  datasets: Iterable<string>;
  dashboards?: Iterable<string>;
  tiles?: Iterable<string>;
  workspaces: Iterable<string>;
  accessLevel: AccessLevel;
  allowSaveAs?: boolean | undefined;
  /** Workspaces where a Create token may save new reports. */
  targetWorkspaces?: Iterable<string>;
}

export interface TokenOptions {
  identities?: IdentityInput[] | undefined;
  lifetimeInMinutes?: number | undefined;
}

/**
 * What the multi-resource GenerateToken asks for, as its route schema parses it
 * (the contract's `multiResourceTokenRequestSchema`): the service does not depend on the HTTP layer.
 */
export interface ResourcesRequest extends TokenOptions {
  reports: { id: string; allowEdit?: boolean | undefined }[];
  datasets: { id: string }[];
  targetWorkspaces: { id: string }[];
}

const unique = (ids: Iterable<string> | undefined) => [
  ...new Set([...(ids ?? [])].map((id) => id.toLowerCase())),
];

/**
 * A dashboard or tile token covers the dashboard (for its definition), the tiles and what they
 * show, so the frame can query the reports and datasets behind them. Always View.
 */
function tilesScope(dashboardId: string, workspaceId: string, tiles: TileItem[]): TokenScope {
  return {
    dashboards: [dashboardId],
    tiles: tiles.map((tile) => tile.id),
    reports: tiles.map((tile) => tile.reportId),
    datasets: tiles.map((tile) => tile.datasetId),
    workspaces: [workspaceId],
    accessLevel: 'View',
  };
}

/**
 * One access level covers every item of a multi-resource token, so it is the least that all of
 * them allow: Edit only when every report allows editing, Create only when target workspaces are
 * named too.
 */
function accessLevelOf(body: ResourcesRequest): AccessLevel {
  const allEditable = body.reports.every((report) => report.allowEdit === true);
  if (!allEditable) return 'View';
  if (body.targetWorkspaces.length > 0) return 'Create';
  return body.reports.length > 0 ? 'Edit' : 'View';
}

interface Dependencies {
  key: SigningKey;
  clock: Clock;
  content: ContentRepository;
  access: ContentService;
  /** BI_EMBED_TOKEN_LIFETIME_S: no token lives longer, whatever the caller asks. */
  maxLifetimeSeconds?: number | undefined;
}

/**
 * Decides what each GenerateToken call grants and mints the token. The expiry never passes the
 * caller's access token (an embed token cannot outlive the token that minted it);
 * `lifetimeInMinutes` and the service's `maxLifetimeSeconds` may only shorten it.
 */
export function createEmbedTokenService({
  key,
  clock,
  content,
  access,
  maxLifetimeSeconds,
}: Dependencies) {
  async function issue(
    caller: VerifiedCaller,
    scope: TokenScope,
    options: TokenOptions,
  ): Promise<EmbedToken> {
    const datasetIds = unique(scope.datasets);
    const datasets = await Promise.all(
      datasetIds.map(async (id): Promise<DatasetRow> => {
        const dataset = await content.getDataset(id);
        if (!dataset) throw entityNotFound(`Dataset ${id}`);
        return dataset;
      }),
    );
    const identities = resolveIdentities(datasets, options.identities);
    const now = epochSeconds(clock);
    const requested =
      options.lifetimeInMinutes === undefined ? Infinity : now + options.lifetimeInMinutes * 60;
    const ceiling = maxLifetimeSeconds === undefined ? Infinity : now + maxLifetimeSeconds;
    const exp = Math.min(caller.exp, requested, ceiling);
    // The token's id, answered as Power BI's `tokenId`: the reports the token makes are bound to
    // it (decision 0224).
    const tokenId = randomUUID();
    const claims = {
      jti: tokenId,
      sub: caller.principal.id,
      reports: unique(scope.reports),
      datasets: datasetIds,
      dashboards: unique(scope.dashboards),
      tiles: unique(scope.tiles),
      workspaces: unique(scope.workspaces),
      accessLevel: scope.accessLevel,
      ...(scope.allowSaveAs ? { allowSaveAs: true } : {}),
      ...(scope.targetWorkspaces ? { targetWorkspaces: unique(scope.targetWorkspaces) } : {}),
      ...(identities ? { identities } : {}),
      exp,
    };
    const token = await signEmbedToken(key, claims, clock);
    return { token, tokenId, expiration: new Date(exp * 1000).toISOString() };
  }

  return {
    /** A token for one report of the member's workspace, View unless asked otherwise. */
    async forReport(
      caller: VerifiedCaller,
      member: MemberWorkspace,
      reportId: string,
      body: TokenOptions & {
        accessLevel?: AccessLevel | undefined;
        allowSaveAs?: boolean | undefined;
      },
    ) {
      const { report } = await access.report(member.workspace.id, reportId);
      const accessLevel = body.accessLevel ?? 'View';
      access.requireRoleFor(accessLevel, member);
      // Save as writes a new report into the workspace: the same right as editing.
      if (body.allowSaveAs) access.requireRoleFor('Edit', member);
      const scope = {
        reports: [report.id],
        datasets: [report.datasetId],
        workspaces: [member.workspace.id],
        accessLevel,
        allowSaveAs: body.allowSaveAs,
      };
      return issue(caller, scope, body);
    },

    async forDashboard(
      caller: VerifiedCaller,
      member: MemberWorkspace,
      dashboardId: string,
      body: TokenOptions,
    ) {
      const dashboard = await access.dashboard(member.workspace.id, dashboardId);
      const tiles = await access.tiles(dashboard);
      return issue(caller, tilesScope(dashboard.id, member.workspace.id, tiles), body);
    },

    async forTile(
      caller: VerifiedCaller,
      member: MemberWorkspace,
      ids: { dashboardId: string; tileId: string },
      body: TokenOptions,
    ) {
      const dashboard = await access.dashboard(member.workspace.id, ids.dashboardId);
      const tile = await access.tile(dashboard, ids.tileId);
      return issue(caller, tilesScope(dashboard.id, member.workspace.id, [tile]), body);
    },

    /** A create token: the frame opens an empty report on the dataset and may save it in the group. */
    async forNewReport(
      caller: VerifiedCaller,
      member: MemberWorkspace,
      body: TokenOptions & { datasetId: string },
    ) {
      access.requireRoleFor('Create', member);
      const dataset = await content.getDataset(body.datasetId);
      if (!dataset) throw entityNotFound(`Dataset ${body.datasetId}`);
      await access.membership(caller.principal, dataset.workspaceId);
      const scope = {
        reports: [],
        datasets: [dataset.id],
        workspaces: [member.workspace.id, dataset.workspaceId],
        accessLevel: 'Create' as const,
        targetWorkspaces: [member.workspace.id],
      };
      return issue(caller, scope, body);
    },

    /** `POST /v1.0/myorg/GenerateToken`: one token for several reports, datasets and workspaces. */
    async forResources(caller: VerifiedCaller, body: ResourcesRequest) {
      if (body.reports.length === 0 && body.datasets.length === 0) {
        throw invalidRequest('The request must name at least one report or dataset');
      }
      const accessLevel = accessLevelOf(body);
      const workspaces = new Set<string>();
      const datasets = new Set<string>();
      const reports: string[] = [];
      for (const { id } of body.reports) {
        const report = await content.getReport(id);
        if (!report) throw entityNotFound(`Report ${id}`);
        const member = await access.membership(caller.principal, report.workspaceId);
        access.requireRoleFor(accessLevel === 'Create' ? 'Edit' : accessLevel, member);
        workspaces.add(report.workspaceId);
        // A report always needs its dataset: include it even when the caller did not list it.
        datasets.add(report.datasetId);
        reports.push(report.id);
      }
      for (const { id } of body.datasets) {
        const dataset = await content.getDataset(id);
        if (!dataset) throw entityNotFound(`Dataset ${id}`);
        await access.membership(caller.principal, dataset.workspaceId);
        workspaces.add(dataset.workspaceId);
        datasets.add(dataset.id);
      }
      for (const { id } of body.targetWorkspaces) {
        const member = await access.membership(caller.principal, id);
        access.requireRoleFor('Create', member);
        workspaces.add(member.workspace.id);
      }
      const targetWorkspaces = accessLevel === 'Create' ? [...workspaces] : undefined;
      const scope = { reports, datasets, workspaces, accessLevel, targetWorkspaces };
      return issue(caller, scope, body);
    },
  };
}

export type EmbedTokenService = ReturnType<typeof createEmbedTokenService>;
