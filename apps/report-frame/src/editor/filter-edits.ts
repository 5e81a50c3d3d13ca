/**
 * Filters added from the Data pane at report, page or visual level. A new filter is a basic
 * "All" filter on the field (Power BI's empty filter card); the filter pane then sets its kind
 * and values (basic, advanced, top N, relative date).
 */
import type { FieldRef, Filter, ReportDefinition } from '@vitrina/bi-model';
import { editPage } from './page-edits.ts';
import { addVisualFilter } from './visual-edits.ts';

export type FilterLevel = 'report' | 'page' | 'visual';

function emptyFilter(target: FieldRef): Filter {
  return {
    $schema: 'http://powerbi.com/product/schema#basic',
    target,
    filterType: 1,
    operator: 'All',
    values: [],
  };
}

export function addFilter(
  def: ReportDefinition,
  level: FilterLevel,
  target: FieldRef,
  pageName: string | undefined,
  visualName: string | null,
): ReportDefinition {
  const filter = emptyFilter(target);
  if (level === 'report') return { ...def, filters: [...(def.filters ?? []), filter] };
  if (!pageName) return def;
  if (level === 'page')
    return editPage(def, pageName, (p) => ({ ...p, filters: [...(p.filters ?? []), filter] }));
  if (!visualName) return def;
  return editPage(def, pageName, (p) => addVisualFilter(p, visualName, filter));
}
