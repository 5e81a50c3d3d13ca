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

  it('keeps each grant its Válido hasta, and apart where the ends differ', () => {
    const all = new Set(['1', 'ws-a', 'r1', 'r2', 'ws-b', 'r3', 'r4']);
    const [june, july] = ['2027-06-30T03:00:00.000Z', '2027-07-31T03:00:00.000Z'];
    // Two workspace grants ending apart stay two grants, each with its end.
    expect(
      permissionRecords(tree, all, ['ws-a', 'ws-b'], 9, { 'ws-a': june, 'ws-b': july }),
    ).toEqual([
      { userId: 9, accountElementId: 'ws-a', validUntil: june },
      { userId: 9, accountElementId: 'ws-b', validUntil: july },
    ]);
    // Ending together (or with an end set on the account itself) they are one account grant.
    expect(permissionRecords(tree, all, [], 9, { 'ws-a': june, 'ws-b': june })).toEqual([
      { userId: 9, accountElementId: '1', validUntil: june },
    ]);
    expect(permissionRecords(tree, all, [], 9, { '1': july, 'ws-a': june })).toEqual([
      { userId: 9, accountElementId: '1', validUntil: july },
    ]);
    // An explicit "no end" differs from an end; a hidden grant keeps its end too.
    expect(ids(['ws-a', 'r1', 'r2'])).toEqual(['ws-a']);
    expect(
      selectedElementIds(tree, new Set(['ws-a', 'r1', 'r2']), { r1: june, r2: undefined }),
    ).toEqual(['r1', 'r2']);
    expect(permissionRecords(tree, new Set(), ['ws-x'], 9, { 'ws-x': july })).toEqual([
      { userId: 9, accountElementId: 'ws-x', validUntil: july },
    ]);
  });
});
