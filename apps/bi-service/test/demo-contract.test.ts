/** The demo content is what the frame reads: it must be valid under the bi-model contract. */
import {
  anyDefinitionSchema,
  dashboardTileSchema,
  datasetSchemaSchema,
  reportTypeSchema,
} from '@vitrina/bi-model';
import { describe, expect, it } from 'vitest';
import { toDatasetSchema } from '../src/engine/model.ts';
import { demoDatasets, demoWorkspaces } from '../demo/index.ts';

const reports = demoWorkspaces.flatMap((workspace) => workspace.reports);

describe('demo content under the bi-model schemas', () => {
  it.each(reports.map((report) => [report.name, report] as const))(
    '%s: its definition parses unchanged',
    (_name, report) => {
      expect(reportTypeSchema.parse(report.reportType)).toBe(report.reportType);
      expect(anyDefinitionSchema.parse(report.definition)).toEqual(report.definition);
    },
  );

  it('every dashboard tile and every dataset schema parses unchanged', () => {
    const tiles = demoWorkspaces.flatMap((w) => w.dashboards.flatMap((d) => d.tiles));
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) expect(dashboardTileSchema.parse(tile)).toEqual(tile);
    for (const definition of demoDatasets) {
      const schema = toDatasetSchema(definition);
      expect(datasetSchemaSchema.parse(schema)).toEqual(schema);
    }
  });
});
