/** Slicer in list, dropdown or between (date/number range) mode; its choice filters the page. */
import { useState } from 'react';
import type { DatasetSchema, QueryResult, VisualDefinition } from '../api/types.ts';
import { fieldLabel, filterTargetOf } from '@vitrina/bi-model/visual-queries';
import {
  SCHEMA,
  type AdvancedCondition,
  type FrameFilter,
  type Scalar,
} from '../query/filter-types.ts';
import { basicIn } from '../state/visual-filters.ts';
import { useServices } from './services.ts';

interface Props {
  visual: VisualDefinition;
  schema: DatasetSchema;
  results: Record<string, QueryResult>;
  filters: FrameFilter[];
}

function selectedValues(filters: FrameFilter[]): Scalar[] {
  const basic = filters.find((f) => 'values' in f && 'operator' in f && f.operator === 'In');
  const values = basic && 'values' in basic ? basic.values : [];
  return values.filter((value) => value !== null);
}

function rangeOf(filters: FrameFilter[]): [string, string] {
  const advanced = filters.find((f) => 'conditions' in f);
  const conditions = advanced && 'conditions' in advanced ? advanced.conditions : [];
  const bound = (op: string) => String(conditions.find((c) => c.operator === op)?.value ?? '');
  return [bound('GreaterThanOrEqual'), bound('LessThanOrEqual')];
}

export function SlicerVisual({ visual, schema, results, filters }: Props) {
  const services = useServices();
  const { messages, format } = services;
  const field = visual.fields.category?.[0];
  const modeOption = visual.options?.['mode'];
  const mode = typeof modeOption === 'string' ? modeOption : 'list';
  const [open, setOpen] = useState(false);
  if (!field) return null;
  const target = filterTargetOf(schema, field);

  if (mode === 'between') {
    const range = results['range'];
    const type = range?.columns[0]?.type;
    const [from, to] = rangeOf(filters);
    const apply = (nextFrom: string, nextTo: string) => {
      const parse = (v: string): Scalar => (type === 'date' ? v : Number(v));
      const conditions: AdvancedCondition[] = [];
      if (nextFrom) conditions.push({ operator: 'GreaterThanOrEqual', value: parse(nextFrom) });
      if (nextTo) conditions.push({ operator: 'LessThanOrEqual', value: parse(nextTo) });
      const next: FrameFilter[] = conditions.length
        ? [{ $schema: SCHEMA.advanced, target, filterType: 0, logicalOperator: 'And', conditions }]
        : [];
      services.setSlicer(visual, next);
    };
    const inputType = type === 'date' ? 'date' : 'number';
    const min = String(range?.rows[0]?.[0] ?? '');
    const max = String(range?.rows[0]?.[1] ?? '');
    return (
      <div className="slicer slicer-between">
        <div className="slicer-title">{fieldLabel(field)}</div>
        <label>
          {messages.from}
          <input
            type={inputType}
            value={from || min}
            min={min}
            max={max}
            onChange={(e) => apply(e.target.value, to)}
          />
        </label>
        <label>
          {messages.to}
          <input
            type={inputType}
            value={to || max}
            min={min}
            max={max}
            onChange={(e) => apply(from, e.target.value)}
          />
        </label>
      </div>
    );
  }

  const values =
    results['values']?.rows.map((r) => r[0] ?? null).filter((v): v is Scalar => v !== null) ?? [];
  const chosen = selectedValues(filters);
  const type = results['values']?.columns[0]?.type;
  const toggle = (value: Scalar, multi: boolean) => {
    const next = chosen.includes(value)
      ? chosen.filter((v) => v !== value)
      : multi || mode === 'list'
        ? [...chosen, value]
        : [value];
    services.setSlicer(visual, next.length ? [basicIn(target, next)] : []);
  };
  const list = (
    <ul className="slicer-list" role="listbox" aria-multiselectable="true">
      <li role="option" aria-selected={chosen.length === 0}>
        <label>
          <input
            type="checkbox"
            checked={chosen.length === 0}
            onChange={() => services.setSlicer(visual, [])}
          />
          {messages.all}
        </label>
      </li>
      {values.map((value) => (
        <li key={String(value)} role="option" aria-selected={chosen.includes(value)}>
          <label>
            <input
              type="checkbox"
              checked={chosen.includes(value)}
              onChange={() => toggle(value, true)}
            />
            {format.value(value, type)}
          </label>
        </li>
      ))}
    </ul>
  );
  if (mode === 'dropdown') {
    const summary =
      chosen.length === 0 ? messages.all : chosen.map((v) => format.value(v, type)).join(', ');
    return (
      <div className="slicer slicer-dropdown">
        <div className="slicer-title">{fieldLabel(field)}</div>
        <button
          type="button"
          className="slicer-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <span>{summary}</span>
          <span aria-hidden="true">▾</span>
        </button>
        {open && <div className="slicer-popup">{list}</div>}
      </div>
    );
  }
  return (
    <div className="slicer">
      <div className="slicer-title">{fieldLabel(field)}</div>
      {list}
    </div>
  );
}
