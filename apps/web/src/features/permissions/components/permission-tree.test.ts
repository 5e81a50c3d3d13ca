import { describe, expect, it } from 'vitest';
import { accountOf } from '../../../../test/api-fixtures.ts';
import { buildElementTree, permissionRecords, selectedElementIds } from './permission-tree.ts';

const report = (id: string) => ({
  id,
  uId: `u-${id}`,
  name: `Informe ${id}`,
  kind: 'report' as const,
  favorite: false,
});
const accounts = [
  accountOf({
    id: 1,
    username: 'integracion.comercial@vitrina.demo',
    workspaces: [
      { id: 'ws-a', name: 'Comercial', reports: [report('r1'), report('r2')] },
      { id: 'ws-b', name: 'Operaciones', reports: [report('r3'), report('r4')] },
    ],
  }),
  accountOf({
    id: 2,
    error: true,
    message: 'credenciales inválidas',
    workspaces: [{ id: 'ws-x', name: 'X', reports: [report('rx')] }],
  }),
];

const tree = buildElementTree(accounts);
const ids = (checked: string[]) => selectedElementIds(tree, new Set(checked));

describe('permission tree', () => {
  it('is labelled by account username and leaves accounts in error out', () => {
    expect(tree.map((n) => n.title)).toEqual(['integracion.comercial@vitrina.demo']);
    expect(tree[0]?.children.map((w) => w.children.length)).toEqual([2, 2]);
  });

  it('emits a fully selected account as one record without its children', () => {
    expect(ids(['1', 'ws-a', 'r1', 'r2', 'ws-b', 'r3', 'r4'])).toEqual(['1']);
    // every leaf selected, parents not reported by the tree control: still one record
    expect(ids(['r1', 'r2', 'r3', 'r4'])).toEqual(['1']);
  });

  it('emits only the selected descendants of a partial node', () => {
    expect(ids(['ws-a', 'r1', 'r2', 'r3'])).toEqual(['ws-a', 'r3']);
    expect(ids(['r2'])).toEqual(['r2']);
  });

  it('emits nothing for an empty selection', () => {
    expect(ids([])).toEqual([]);
  });

  it('keeps grants on elements the tree does not show', () => {
    const records = permissionRecords(tree, new Set(['r1']), ['ws-x', 'r4'], 9);
    expect(records).toEqual([
      { userId: 9, accountElementId: 'r1' },
      { userId: 9, accountElementId: 'ws-x' },
    ]);
  });
});
