import { describe, expect, it } from 'vitest';
import {
  embedDashboardSchema,
  embedReportSchema,
  isPaginated,
  qnaAnswerSchema,
  queryResultSchema,
  reportDefinitionSchema,
  revisionRequestSchema,
  visualTypes,
} from '../src/index.ts';

const dataset = {
  id: 'ds-1',
  name: 'Ventas',
  tables: [
    {
      name: 'Ventas',
      columns: [{ name: 'Importe', dataType: 'number', format: '#,0' }],
      measures: [{ name: 'Total' }],
      hierarchies: [{ name: 'Fecha', levels: [{ name: 'Año', column: 'Año' }] }],
    },
  ],
};

const card = {
  name: 'VisualContainer1',
  type: 'card',
  layout: { x: 0, y: 0, z: 0, width: 300, height: 200 },
  fields: { values: [{ table: 'Ventas', measure: 'Total' }] },
};
const definition = {
  pages: [
    { name: 'ReportSection1', displayName: 'Resumen', width: 1280, height: 720, visuals: [card] },
  ],
};

describe('report definitions', () => {
  it('parses an embed report with its dataset schema, unchanged', () => {
    const report = {
      id: 'r-1',
      name: 'Ventas',
      datasetId: 'ds-1',
      reportType: 'PowerBIReport',
      revision: 1,
      definition,
      dataset,
    };
    expect(embedReportSchema.parse(report)).toEqual(report);
  });

  it('tells a paginated definition from a report definition', () => {
    const paginated = revisionRequestSchema.parse({
      definition: {
        title: 'Listado',
        query: { groupBy: [{ table: 'Ventas', column: 'Importe' }] },
        columns: [{ field: { table: 'Ventas', column: 'Importe' }, header: 'Importe' }],
        rowsPerPage: 20,
      },
    }).definition;
    expect(isPaginated(paginated)).toBe(true);
    expect(isPaginated(reportDefinitionSchema.parse(definition))).toBe(false);
  });

  it('rejects a report without pages, an unknown visual type and a hidden-state 2', () => {
    expect(reportDefinitionSchema.safeParse({ pages: [] }).success).toBe(false);
    const unknownType = {
      pages: [{ ...definition.pages[0], visuals: [{ ...card, type: 'map' }] }],
    };
    expect(reportDefinitionSchema.safeParse(unknownType).success).toBe(false);
    const badVisibility = { pages: [{ ...definition.pages[0], visibility: 2 }] };
    expect(reportDefinitionSchema.safeParse(badVisibility).success).toBe(false);
  });

  it('rejects a field under a role no visual has', () => {
    const badRole = {
      pages: [{ ...definition.pages[0], visuals: [{ ...card, fields: { legend: [] } }] }],
    };
    expect(reportDefinitionSchema.safeParse(badRole).success).toBe(false);
  });

  it('lists each visual type once', () => {
    expect(new Set(visualTypes).size).toBe(visualTypes.length);
  });
});

describe('answers', () => {
  it('parses dashboards, query results and Q&A answers', () => {
    const tile = {
      id: 't-1',
      title: 'Ventas',
      reportId: 'r-1',
      datasetId: 'ds-1',
      pageName: 'ReportSection1',
      visualName: 'VisualContainer1',
      row: 0,
      col: 0,
      rowSpan: 1,
      colSpan: 2,
    };
    expect(embedDashboardSchema.parse({ id: 'd', displayName: 'D', tiles: [tile] }).tiles).toEqual([
      tile,
    ]);
    const result = {
      columns: [{ name: 'Año', type: 'integer' }],
      rows: [[2024], [null]],
      truncated: false,
    };
    expect(queryResultSchema.parse(result)).toEqual(result);
    const answer = { query: { groupBy: [], measures: [] }, visualType: 'card', title: 'Ventas' };
    expect(qnaAnswerSchema.parse(answer)).toEqual(answer);
  });

  it('refuses a Q&A answer with a visual type Q&A does not suggest', () => {
    const answer = { query: {}, visualType: 'treemap', title: 'Ventas' };
    expect(qnaAnswerSchema.safeParse(answer).success).toBe(false);
  });
});
