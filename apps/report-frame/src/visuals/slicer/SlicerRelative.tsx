/**
 * The relative date slicer, as Power BI's: "En los últimos / En este / En los próximos", a count
 * and a unit (rolling or calendar days, weeks, months, years). It writes a RelativeDateFilter,
 * which the BI service turns into a date range on the day of the query.
 */
import { useState } from 'react';
import { RelativeDateOperators } from '@vitrina/embed-sdk/protocol';
import { useServices } from '../services.ts';
import { NO_RELATIVE, type RelativeChoice } from './slicer-filters.ts';

interface Props {
  title: string;
  choice: RelativeChoice | null;
  onApply(choice: RelativeChoice | null): void;
}

export function SlicerRelative({ title, choice, onApply }: Props) {
  const { messages } = useServices();
  const shown = choice ?? NO_RELATIVE;
  const [count, setCount] = useState<string | null>(null);
  const apply = (change: Partial<RelativeChoice>) => onApply({ ...shown, ...change });
  const commitCount = () => {
    if (count === null) return;
    setCount(null);
    const value = Number(count);
    if (Number.isInteger(value) && value >= 1) apply({ count: value });
  };
  const isThis = shown.operator === RelativeDateOperators.InThis;
  return (
    <div className="slicer slicer-relative" role="group" aria-label={title}>
      <div className="slicer-title">{title}</div>
      <div className="slicer-relative-row">
        <select
          aria-label={messages.relativeDate}
          value={choice ? shown.operator : ''}
          onChange={(e) =>
            e.target.value === ''
              ? onApply(null)
              : apply({ operator: Number(e.target.value) as RelativeChoice['operator'] })
          }
        >
          <option value="">{messages.all}</option>
          <option value={RelativeDateOperators.InLast}>{messages.inLast}</option>
          <option value={RelativeDateOperators.InThis}>{messages.inThis}</option>
          <option value={RelativeDateOperators.InNext}>{messages.inNext}</option>
        </select>
        {!isThis && (
          <input
            type="number"
            min={1}
            aria-label={messages.relativeCount}
            value={count ?? String(shown.count)}
            onChange={(e) => setCount(e.target.value)}
            onBlur={commitCount}
            onKeyDown={(e) => e.key === 'Enter' && commitCount()}
          />
        )}
        <select
          aria-label={messages.relativeUnit}
          value={shown.unit}
          onChange={(e) => apply({ unit: Number(e.target.value) as RelativeChoice['unit'] })}
        >
          {messages.timeUnits.map((label, unit) => (
            <option key={label} value={unit}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
