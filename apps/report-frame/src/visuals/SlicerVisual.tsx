/**
 * A slicer as Power BI draws one: list, dropdown, between (number/date range) or relative date,
 * by `options.mode`. Its choice filters the page through `setSlicer` (the SDK's slicer state).
 */
import type { DatasetSchema, QueryResult, VisualDefinition } from '../api/types.ts';
import { fieldLabel, filterTargetOf, groupingDataType } from '@vitrina/bi-model/visual-queries';
import { isDateType, slicerModeOf } from '@vitrina/bi-model';
import type { FrameFilter, Scalar } from '../query/filter-types.ts';
import { basicIn } from '../state/visual-filters.ts';
import { useServices } from './services.ts';
import { SlicerBetween } from './slicer/SlicerBetween.tsx';
import { SlicerDropdown } from './slicer/SlicerDropdown.tsx';
import { SlicerOptions, type SlicerItem } from './slicer/SlicerOptions.tsx';
import { SlicerRelative } from './slicer/SlicerRelative.tsx';
import {
  rangeFilters,
  rangeOf,
  relativeFilters,
  relativeOf,
  selectedValues,
} from './slicer/slicer-filters.ts';

interface Props {
  visual: VisualDefinition;
  schema: DatasetSchema;
  results: Record<string, QueryResult>;
  filters: FrameFilter[];
}

export function SlicerVisual({ visual, schema, results, filters }: Props) {
  const services = useServices();
  const { messages, format } = services;
  const field = visual.fields.category?.[0];
  if (!field) return null;
  const mode = slicerModeOf(visual.options?.['mode'], groupingDataType(schema, field));
  const target = filterTargetOf(schema, field);
  const title = fieldLabel(field);
  const apply = (next: FrameFilter[]) => services.setSlicer(visual, next);

  if (mode === 'between') {
    const range = results['range'];
    const isDate = isDateType(range?.columns[0]?.type);
    const [from, to] = rangeOf(filters);
    const parse = (v: string): Scalar | undefined =>
      v === '' ? undefined : isDate ? v : Number(v);
    return (
      <SlicerBetween
        title={title}
        isDate={isDate}
        min={String(range?.rows[0]?.[0] ?? '')}
        max={String(range?.rows[0]?.[1] ?? '')}
        from={from}
        to={to}
        onApply={(nextFrom, nextTo) => apply(rangeFilters(target, parse(nextFrom), parse(nextTo)))}
      />
    );
  }
  if (mode === 'relative') {
    return (
      <SlicerRelative
        title={title}
        choice={relativeOf(filters)}
        onApply={(choice) => apply(choice ? relativeFilters(target, choice) : [])}
      />
    );
  }

  const values =
    results['values']?.rows.map((r) => r[0] ?? null).filter((v): v is Scalar => v !== null) ?? [];
  const chosen = selectedValues(filters);
  const type = results['values']?.columns[0]?.type;
  const items: SlicerItem[] = [
    { key: '\u0000all', label: messages.all, selected: chosen.length === 0 },
    ...values.map((value) => ({
      key: String(value),
      label: format.value(value, type),
      selected: chosen.includes(value),
    })),
  ];
  // Item 0 is "Todo" (clears the slicer); the others toggle their value in the selection.
  const pick = (index: number) => {
    const value = values[index - 1];
    if (value === undefined) return apply([]);
    const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
    apply(next.length ? [basicIn(target, next)] : []);
  };
  if (mode === 'dropdown') {
    const summary =
      chosen.length === 0 ? messages.all : chosen.map((v) => format.value(v, type)).join(', ');
    return <SlicerDropdown title={title} summary={summary} items={items} onPick={pick} />;
  }
  return (
    <div className="slicer">
      <div className="slicer-title">{title}</div>
      <SlicerOptions items={items} label={title} onPick={pick} />
    </div>
  );
}
