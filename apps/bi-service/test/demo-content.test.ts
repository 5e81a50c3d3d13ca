import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  visualTypes,
  type FieldRef,
  type Filter,
  type PageDefinition,
  type PaginatedDefinition,
  type Query,
  type ReportDefinition,
  type VisualDefinition,
} from '@vitrina/bi-model';
import type { DatasetRegistry } from '../src/engine/registry.ts';
import { demoReports, demoWorkspaces, openDemoDatasets } from '../demo/index.ts';
import { isGuid } from '../src/platform/ids.ts';
import { runQuery } from '../src/engine/query/run-query.ts';

let registry: DatasetRegistry;
beforeAll(async () => {
  registry = await openDemoDatasets('', { inMemory: true, salesRows: 20_000 });
});
afterAll(() => registry.close());

const isAggregate = (field: FieldRef) =>
  'measure' in field || ('aggregation' in field && field.aggregation !== undefined);

/** The query a frame would run for a visual: grouping roles first, then the aggregates. */
function visualQuery(
  report: ReportDefinition,
  page: PageDefinition,
  visual: VisualDefinition,
): Query {
  const fields = Object.values(visual.fields).flat();
  const grouping = [
    ...(visual.fields.category?.slice(0, 1) ?? []),
    ...(visual.fields.series ?? []),
    ...(visual.fields.columns ?? []),
  ];
  const tableColumns =
    visual.type === 'tableEx' ? fields.filter((field) => !isAggregate(field)) : [];
  const filters: Filter[] = [
    ...(report.filters ?? []),
    ...(page.filters ?? []),
    ...(visual.filters ?? []),
  ];
  return { groupBy: [...grouping, ...tableColumns], measures: fields.filter(isAggregate), filters };
}

const interactive = demoReports.map((report) => [report.name, report] as const);

describe('demo reports', () => {
  it('has at least eight interactive reports across the four workspaces', () => {
    expect(demoReports.length).toBeGreaterThanOrEqual(8);
    expect(demoWorkspaces.map((w) => w.name)).toEqual([
      'Comercial',
      'Finanzas',
      'Operaciones',
      'Recursos Humanos',
    ]);
    expect(demoWorkspaces.flatMap((w) => w.reports).length).toBe(demoReports.length + 1);
  });

  it.each(interactive)(
    '%s: every visual field exists and every visual query runs',
    async (_name, report) => {
      const dataset = registry.get(report.datasetId)!;
      expect(dataset).toBeDefined();
      for (const page of report.definition.pages) {
        expect([page.width, page.height]).toEqual([1280, 720]);
        for (const visual of page.visuals) {
          const { x, y, width, height } = visual.layout;
          expect(
            x + width <= 1280 && y + height <= 720 && width > 0 && height > 0,
            `${visual.name} fits`,
          ).toBe(true);
          for (const field of Object.values(visual.fields).flat())
            expect(() => dataset.model.resolveField(field)).not.toThrow();
          if (visual.type === 'textbox' || visual.type === 'actionButton') continue;
          const result = await runQuery(dataset, visualQuery(report.definition, page, visual));
          expect(result.rows.length, `${report.name} / ${visual.title}`).toBeGreaterThan(0);
        }
      }
    },
  );

  it('uses every visual type of the contract, and every slicer mode', () => {
    const visuals = demoReports.flatMap((report) =>
      report.definition.pages.flatMap((page) => page.visuals),
    );
    expect(new Set(visuals.map((visual) => visual.type))).toEqual(new Set(visualTypes));
    const modes = visuals
      .filter((visual) => visual.type === 'slicer')
      .map((visual) => visual.options?.['mode']);
    expect(new Set(modes)).toEqual(new Set(['list', 'dropdown', 'between']));
  });

  it('has report, page and visual filters, a drillable date hierarchy and a mobile layout', () => {
    const definitions = demoReports.map((report) => report.definition);
    expect(definitions.some((d) => d.filters?.length)).toBe(true);
    expect(definitions.some((d) => d.pages.some((p) => p.filters?.length))).toBe(true);
    expect(
      definitions.some((d) => d.pages.some((p) => p.visuals.some((v) => v.filters?.length))),
    ).toBe(true);
    const drillable = definitions
      .flatMap((d) => d.pages.flatMap((p) => p.visuals))
      .filter(
        (v) =>
          (v.fields.category ?? []).filter((f) => 'hierarchy' in f && f.hierarchy === 'Fecha')
            .length >= 3,
      );
    expect(drillable.length).toBeGreaterThan(0);
  });

  it('"Ventas generales" has six or more visuals first, bookmarks that name real pages and visuals, and a phone layout', () => {
    const report = demoReports.find((r) => r.name === 'Ventas generales')!;
    const [first] = report.definition.pages;
    expect(first!.visuals.length).toBeGreaterThanOrEqual(6);
    const names = new Set(first!.visuals.map((v) => v.name));
    expect(first!.mobileLayout!.every((item) => names.has(item.name))).toBe(true);
    const bookmarks = report.definition.bookmarks ?? [];
    expect(bookmarks.length).toBeGreaterThanOrEqual(2);
    for (const bookmark of bookmarks) {
      const state = JSON.parse(bookmark.state) as {
        version: number;
        activePage?: string;
        slicers?: Record<string, unknown>;
      };
      expect(state.version).toBe(1);
      expect(report.definition.pages.some((p) => p.name === state.activePage)).toBe(true);
      for (const visualName of Object.keys(state.slicers ?? {}))
        expect(names.has(visualName)).toBe(true);
    }
  });
});

describe('demo dashboards, paginated report and ids', () => {
  const allReports = demoWorkspaces.flatMap((w) => w.reports);

  it('has two dashboards whose tiles point at existing report visuals', () => {
    const dashboards = demoWorkspaces.flatMap((w) => w.dashboards);
    expect(dashboards.map((d) => d.displayName)).toEqual(['Panel comercial', 'Panel financiero']);
    for (const tile of dashboards.flatMap((d) => d.tiles)) {
      const report = demoReports.find((r) => r.id === tile.reportId)!;
      const page = report.definition.pages.find((p) => p.name === tile.pageName)!;
      expect(
        page.visuals.some((v) => v.name === tile.visualName),
        tile.title,
      ).toBe(true);
      expect(tile.datasetId).toBe(report.datasetId);
    }
  });

  it('has a paginated report in Comercial whose query runs', async () => {
    const comercial = demoWorkspaces.find((w) => w.name === 'Comercial')!;
    const paginated = comercial.reports.find((r) => r.reportType === 'PaginatedReport')!;
    expect(paginated.name).toBe('Listado de ventas por tienda');
    const definition = paginated.definition as PaginatedDefinition;
    const result = await runQuery(registry.get(paginated.datasetId)!, definition.query);
    expect(result.rows.length).toBeGreaterThan(definition.rowsPerPage);
    expect(result.columns.length).toBe(definition.columns.length);
  });

  it('gives every item a distinct GUID', () => {
    const ids = [
      ...allReports.map((r) => r.id),
      ...demoWorkspaces.flatMap((w) => w.datasets.map((d) => d.id)),
      ...demoWorkspaces.flatMap((w) =>
        w.dashboards.flatMap((d) => [d.id, ...d.tiles.map((t) => t.id)]),
      ),
    ];
    expect(ids.every(isGuid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('demo data files', () => {
  const directory = mkdtempSync(join(tmpdir(), 'vitrina-demo-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const salesCount = async (registryToRead: DatasetRegistry) => {
    const sales = demoWorkspaces[0]!.datasets[0]!.id;
    const result = await runQuery(registryToRead.get(sales)!, {
      groupBy: [],
      measures: [{ table: 'Ventas', measure: 'Transacciones' }],
    });
    return result.rows[0]![0];
  };

  it('are generated once, reused on the next start and rebuilt when the size changes', async () => {
    const first = await openDemoDatasets(directory, { salesRows: 3_000 });
    expect(await salesCount(first)).toBe(3_000);
    first.close();
    const second = await openDemoDatasets(directory, { salesRows: 3_000 });
    expect(await salesCount(second)).toBe(3_000);
    second.close();
    const resized = await openDemoDatasets(directory, { salesRows: 4_000 });
    expect(await salesCount(resized)).toBe(4_000);
    resized.close();
  });

  it('are the same on every generation (deterministic)', async () => {
    const other = await openDemoDatasets('', { inMemory: true, salesRows: 20_000 });
    const query: Query = {
      groupBy: [{ table: 'Tienda', column: 'País' }],
      measures: [{ table: 'Ventas', measure: 'Ventas' }],
    };
    const sales = demoWorkspaces[0]!.datasets[0]!.id;
    expect(await runQuery(other.get(sales)!, query)).toEqual(
      await runQuery(registry.get(sales)!, query),
    );
    other.close();
  });
});
