import {
  embedTokenSchema,
  type CreateReportTokenRequest,
  type EffectiveIdentity,
  type GenerateTokenRequest,
} from '@vitrina/bi-model/rest';
import type { BiItemKind } from './bi-content-calls.ts';
import { dashboardPath, groupPath, reportPath } from './bi-paths.ts';
import type { BiCall } from './bi-requester.ts';
import type { BiCredentials } from './bi-token-provider.ts';

/** GenerateToken for the viewer (View) and for authoring (Edit with save as, Create). */
export function tokenCalls(call: BiCall) {
  function generateToken(
    credentials: BiCredentials,
    path: string,
    body: GenerateTokenRequest | CreateReportTokenRequest,
  ) {
    // `expiration` stays the ISO time the BI service wrote, all the way to the web.
    return call(credentials, {
      method: 'POST',
      path: `${path}/GenerateToken`,
      body,
      answer: embedTokenSchema,
    });
  }

  return {
    /** An embed token for one report or dashboard, View access, with `identity` when given. */
    generateViewToken(
      credentials: BiCredentials,
      item: { kind: BiItemKind; workspaceId: string; itemId: string },
      identity?: EffectiveIdentity,
    ) {
      const path =
        item.kind === 'dashboard'
          ? dashboardPath(item.workspaceId, item.itemId)
          : reportPath(item.workspaceId, item.itemId);
      return generateToken(credentials, path, {
        accessLevel: 'View',
        ...(identity ? { identities: [identity] } : {}),
      });
    },

    /** An Edit token that also allows save as, for one report (administrators author with it). */
    generateEditToken(
      credentials: BiCredentials,
      report: { workspaceId: string; reportId: string },
    ) {
      return generateToken(credentials, reportPath(report.workspaceId, report.reportId), {
        accessLevel: 'Edit',
        allowSaveAs: true,
      });
    },

    /** A Create token: a new report on the dataset, saved into the workspace. */
    generateCreateToken(
      credentials: BiCredentials,
      target: { workspaceId: string; datasetId: string },
    ) {
      return generateToken(credentials, `${groupPath(target.workspaceId)}/reports`, {
        accessLevel: 'Create',
        datasetId: target.datasetId,
      });
    },
  };
}
