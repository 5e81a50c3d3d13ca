import { describe, expect, it } from 'vitest';
import type { ContentRow } from './snapshot.repository.ts';
import { buildSnapshot, visibleContent } from './content-snapshot.ts';

function row(
  accountId: number,
  workspace: string | null,
  report: string | null,
  dbId = 0,
): ContentRow {
  return {
    account_id: accountId,
    account_username: `cuenta${accountId}@vitrina.test`,
    client_id: 'app',
    description: `Cuenta ${accountId}`,
    error: 0,
    message: null,
    last_sync_at: null,
    workspace_id: workspace === null ? null : accountId * 100 + workspace.charCodeAt(0),
    workspace_bi_id: workspace,
    workspace_name: workspace,
    report_id: report === null ? null : dbId,
    report_bi_id: report,
    report_uid: report === null ? null : `uid-${report}`,
    report_name: report,
    report_kind: report === null ? null : 'report',
    report_embed_url: report === null ? null : `https://bi.test/reportEmbed?reportId=${report}`,
  };
}

const snapshot = buildSnapshot([
  row(1, 'A', 'a1', 1),
  row(1, 'A', 'a2', 2),
  row(1, 'B', 'b1', 3),
  row(1, 'E', null),
  row(2, 'C', 'c1', 4),
  row(2, 'D', 'd1', 5),
  row(3, null, null),
]);
const names = (accounts: ReturnType<typeof visibleContent>) =>
  accounts.map(
    (a) =>
      `${a.id}:${a.workspaces.map((w) => `${w.id}[${w.reports.map((r) => r.id).join(',')}]`).join(' ')}`,
  );
const grants = (accountIds: number[], workspaceBiIds: string[], reportBiIds: string[]) => ({
  accountIds: new Set(accountIds),
  workspaceBiIds: new Set(workspaceBiIds),
  reportBiIds: new Set(reportBiIds),
});

describe('content snapshot', () => {
  it('keeps empty accounts and workspaces for administrators', () => {
    expect(names(snapshot.accounts)).toEqual(['1:A[a1,a2] B[b1] E[]', '2:C[c1] D[d1]', '3:']);
  });

  it('inherits account > workspace > report for viewers', () => {
    expect(names(visibleContent(snapshot, grants([2], [], [])))).toEqual(['2:C[c1] D[d1]']);
    expect(names(visibleContent(snapshot, grants([], ['A', 'E'], ['d1'])))).toEqual([
      '1:A[a1,a2] E[]',
      '2:D[d1]',
    ]);
    expect(names(visibleContent(snapshot, grants([], [], ['a2', 'b1'])))).toEqual([
      '1:A[a2] B[b1]',
    ]);
    expect(visibleContent(snapshot, grants([], ['nada'], ['nada']))).toEqual([]);
  });

  it('does not let a filtered view change the snapshot', () => {
    visibleContent(snapshot, grants([], [], ['a1']));
    expect(snapshot.accounts[0]!.workspaces[0]!.reports).toHaveLength(2);
  });
});
