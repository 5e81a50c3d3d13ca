import { describe, expect, it } from 'vitest';
import type { StoredItem } from '../content/stored-content.ts';
import { planSync, type FetchedWorkspace } from './sync-plan.ts';

let counter = 0;
const newUid = () => `uid-${++counter}`;
const item = (id: string, kind: 'report' | 'dashboard' = 'report') => ({
  id,
  name: `Item ${id}`,
  kind,
  embedUrl: `https://bi/${kind}Embed?id=${id}`,
});

describe('planSync', () => {
  it('inserts everything on the first sync with fresh uIds', () => {
    const fetched: FetchedWorkspace[] = [
      { id: 'w1', name: 'Comercial', items: [item('r1'), item('d1', 'dashboard')] },
    ];
    const plan = planSync({ workspaces: [], items: [] }, fetched, newUid);
    expect(plan.insertWorkspaces).toEqual([{ id: 'w1', name: 'Comercial' }]);
    expect(plan.insertItems.map((i) => [i.id, i.workspaceId, i.kind])).toEqual([
      ['r1', 'w1', 'report'],
      ['d1', 'w1', 'dashboard'],
    ]);
    expect(new Set(plan.insertItems.map((i) => i.uId)).size).toBe(2);
  });

  it('keeps uIds, updates what changed, deletes what vanished', () => {
    const storedItems: StoredItem[] = [
      { ...item('r1'), uId: 'keep-1', workspaceId: 'w1' },
      { ...item('r2'), uId: 'keep-2', workspaceId: 'w1' },
      { ...item('r3'), uId: 'gone-3', workspaceId: 'w2' },
    ];
    const fetched: FetchedWorkspace[] = [
      {
        id: 'w1',
        name: 'Comercial (nuevo)',
        items: [item('r1'), { ...item('r2'), name: 'Ventas' }, item('r4')],
      },
    ];
    const plan = planSync(
      {
        workspaces: [
          { id: 'w1', name: 'Comercial' },
          { id: 'w2', name: 'Finanzas' },
        ],
        items: storedItems,
      },
      fetched,
      newUid,
    );
    expect(plan.renameWorkspaces).toEqual([{ id: 'w1', name: 'Comercial (nuevo)' }]);
    expect(plan.deleteWorkspaceIds).toEqual(['w2']);
    expect(plan.updateItems).toEqual([
      { ...item('r2'), name: 'Ventas', uId: 'keep-2', workspaceId: 'w1' },
    ]);
    expect(plan.insertItems.map((i) => i.id)).toEqual(['r4']);
    expect(plan.deleteItemIds).toEqual(['r3']);
  });

  it('changes nothing when the listing matches', () => {
    const plan = planSync(
      {
        workspaces: [{ id: 'w1', name: 'A' }],
        items: [{ ...item('r1'), uId: 'u', workspaceId: 'w1' }],
      },
      [{ id: 'w1', name: 'A', items: [item('r1')] }],
      newUid,
    );
    expect(Object.values(plan).every((list) => list.length === 0)).toBe(true);
  });

  it('moves an item between workspaces without a new uId', () => {
    const plan = planSync(
      {
        workspaces: [
          { id: 'w1', name: 'A' },
          { id: 'w2', name: 'B' },
        ],
        items: [{ ...item('r1'), uId: 'u1', workspaceId: 'w1' }],
      },
      [
        { id: 'w1', name: 'A', items: [] },
        { id: 'w2', name: 'B', items: [item('r1'), item('r1')] },
      ],
      newUid,
    );
    expect(plan.updateItems).toEqual([{ ...item('r1'), uId: 'u1', workspaceId: 'w2' }]);
    expect(plan.insertItems).toEqual([]);
  });
});
