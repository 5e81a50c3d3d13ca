/**
 * Small helpers that keep the demo report definitions short and readable: pages and their
 * visuals, bookmarks and the report. Fields are in report-fields.ts, filters in report-filters.ts.
 */
import type {
  DataRole,
  FieldRef,
  Filter,
  PageDefinition,
  ReportDefinition,
  VisualDefinition,
  VisualType,
} from '@vitrina/bi-model';
import { companionColors } from '@vitrina/bi-model/palette';
import { deterministicGuid } from '../src/platform/ids.ts';

const PAGE_WIDTH = 1280;
const PAGE_HEIGHT = 720;

const retailTheme = {
  name: 'Retail Andino',
  dataColors: ['#0F766E', ...companionColors],
  background: '#FFFFFF',
  foreground: '#1F2937',
  tableAccent: '#0F766E',
};

type Box = [x: number, y: number, width: number, height: number];
export type PlacedVisual = Omit<VisualDefinition, 'name' | 'layout'> & { box: Box };

/** Builds a page's visuals with names VisualContainer1…N and rising z order. */
export function page(
  name: string,
  displayName: string,
  visuals: PlacedVisual[],
  extra: Pick<PageDefinition, 'filters' | 'mobileLayout' | 'visibility'> = {},
): PageDefinition {
  return {
    name,
    displayName,
    width: PAGE_WIDTH,
    height: PAGE_HEIGHT,
    ...extra,
    visuals: visuals.map(({ box: [x, y, width, height], ...rest }, index) => ({
      name: `VisualContainer${index + 1}`,
      layout: { x, y, z: index * 1000, width, height },
      ...rest,
    })),
  };
}

export function visual(
  type: VisualType,
  title: string,
  box: Box,
  fields: Partial<Record<DataRole, FieldRef[]>>,
  extra: Pick<VisualDefinition, 'filters' | 'options'> = {},
): PlacedVisual {
  return { type, title, box, fields, ...extra };
}

export const textbox = (text: string, box: Box): PlacedVisual => ({
  type: 'textbox',
  box,
  fields: {},
  options: { text },
});

export const slicer = (
  title: string,
  box: Box,
  field: FieldRef,
  mode: 'list' | 'dropdown' | 'between',
): PlacedVisual => visual('slicer', title, box, { category: [field] }, { options: { mode } });

/** A card showing one value, optionally filtered on its own. */
export const card = (
  title: string,
  box: Box,
  value: FieldRef,
  extra: Pick<VisualDefinition, 'filters'> = {},
): PlacedVisual => visual('card', title, box, { values: [value] }, extra);

/** A bookmark whose state is the frame's JSON (docs/bi-embed-api.md, bookmark state). */
export function bookmark(
  name: string,
  displayName: string,
  state: { activePage?: string; reportFilters?: Filter[]; slicers?: Record<string, Filter[]> },
): NonNullable<ReportDefinition['bookmarks']>[number] {
  return {
    name,
    displayName,
    state: JSON.stringify({
      version: 1,
      ...(state.activePage ? { activePage: state.activePage } : {}),
      ...(state.reportFilters ? { filters: { report: state.reportFilters } } : {}),
      ...(state.slicers ? { slicers: state.slicers } : {}),
    }),
  };
}

export interface DemoReport {
  id: string;
  name: string;
  datasetId: string;
  reportType: 'PowerBIReport';
  definition: ReportDefinition;
}

export function report(
  name: string,
  datasetId: string,
  definition: Omit<ReportDefinition, 'theme'>,
): DemoReport {
  return {
    id: deterministicGuid('report', name),
    name,
    datasetId,
    reportType: 'PowerBIReport',
    definition: { ...definition, theme: retailTheme },
  };
}
