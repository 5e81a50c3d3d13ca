import { describe, expect, it } from 'vitest';
import { accountOf } from '../../../../test/api-fixtures.ts';
import {
  ALL_WORKSPACES,
  Content,
  collectFavorites,
  filterWorkspaces,
  foldText,
  type GatewayFilters,
} from './gateway-filters.ts';
import { withFavorite } from '../api/with-favorite.ts';

const account = accountOf({
  id: 1,
  description: 'Retail Andino - Comercial',
  workspaces: [
    {
      id: 'ws-com',
      name: 'Comercial',
      reports: [
        { id: 'r1', uId: 'u1', name: 'Análisis de ventas', kind: 'report', favorite: true },
        { id: 'd1', uId: 'u2', name: 'Panel comercial', kind: 'dashboard', favorite: false },
      ],
    },
    {
      id: 'ws-ops',
      name: 'Operaciones',
      reports: [{ id: 'r2', uId: 'u3', name: 'Logística', kind: 'report', favorite: false }],
    },
  ],
});

const base: GatewayFilters = {
  accountId: 1,
  workspaceId: ALL_WORKSPACES,
  content: Content.All,
  search: '',
};
const shown = (filters: GatewayFilters) =>
  filterWorkspaces(account, filters)
    .filter((w) => w.show)
    .map((w) => [w.name, w.reports.map((r) => r.name)]);

describe('gateway filters', () => {
  it('shows every workspace for Todas (0) and only the chosen one otherwise', () => {
    expect(shown(base).map(([name]) => name)).toEqual(['Comercial', 'Operaciones']);
    expect(shown({ ...base, workspaceId: 'ws-ops' })).toEqual([['Operaciones', ['Logística']]]);
  });

  it('filters by content: Paneles (1) and Informes (2)', () => {
    expect(shown({ ...base, content: Content.Dashboards })).toEqual([
      ['Comercial', ['Panel comercial']],
    ]);
    expect(shown({ ...base, content: Content.Reports })).toEqual([
      ['Comercial', ['Análisis de ventas']],
      ['Operaciones', ['Logística']],
    ]);
  });

  it('searches without caring about accents or case', () => {
    expect(foldText('  ÁnÁlisis ')).toBe('analisis');
    expect(shown({ ...base, search: 'analisis' })).toEqual([['Comercial', ['Análisis de ventas']]]);
    expect(shown({ ...base, search: 'LOGISTICA' })).toEqual([['Operaciones', ['Logística']]]);
  });

  it('collects favorites across accounts and updates the flag in a copy', () => {
    expect(collectFavorites([account], Content.All, '').map((f) => f.report.id)).toEqual(['r1']);
    const updated = withFavorite([account], 'r2', true);
    expect(collectFavorites(updated, Content.All, '').map((f) => f.report.id)).toEqual([
      'r1',
      'r2',
    ]);
    expect(account.workspaces[1]?.reports[0]?.favorite).toBe(false);
  });
});
