/** Editors for relative date (in the last/this/next N units) and top N filters. */
import { useState } from 'react';
import type { FrameFilter } from '../../query/filter-types.ts';
import type { EditorProps } from './editor-props.ts';

export function RelativeDateEditor({ controller, filter, onApply }: EditorProps) {
  const { messages } = controller;
  const current = filter as FrameFilter & {
    operator: number;
    timeUnitsCount: number;
    timeUnitType: number;
    includeToday: boolean;
  };
  const [operator, setOperator] = useState(current.operator);
  const [count, setCount] = useState(current.timeUnitsCount);
  const [unit, setUnit] = useState(current.timeUnitType);
  return (
    <div className="relative-editor">
      <select
        aria-label={messages.relativeDate}
        value={operator}
        onChange={(e) => setOperator(Number(e.target.value))}
      >
        <option value={0}>{messages.inLast}</option>
        <option value={1}>{messages.inThis}</option>
        <option value={2}>{messages.inNext}</option>
      </select>
      <CountInput value={count} onChange={setCount} />
      <select value={unit} onChange={(e) => setUnit(Number(e.target.value))}>
        {messages.timeUnits.map((label, i) => (
          <option key={i} value={i}>
            {label}
          </option>
        ))}
      </select>
      <ApplyButton
        label={messages.apply}
        onClick={() =>
          onApply({ ...filter, operator, timeUnitsCount: count, timeUnitType: unit } as FrameFilter)
        }
      />
    </div>
  );
}

export function TopNEditor({ controller, filter, onApply }: EditorProps) {
  const { messages } = controller;
  const current = filter as FrameFilter & { operator: 'Top' | 'Bottom'; itemCount: number };
  const [operator, setOperator] = useState(current.operator);
  const [count, setCount] = useState(current.itemCount);
  return (
    <div className="topn-editor">
      <select
        aria-label={messages.topN}
        value={operator}
        onChange={(e) => setOperator(e.target.value as 'Top' | 'Bottom')}
      >
        <option value="Top">{messages.top}</option>
        <option value="Bottom">{messages.bottom}</option>
      </select>
      <CountInput value={count} onChange={setCount} />
      <ApplyButton
        label={messages.apply}
        onClick={() => onApply({ ...filter, operator, itemCount: count } as FrameFilter)}
      />
    </div>
  );
}

/** How many units or items: a whole number from one up. */
function CountInput({ value, onChange }: { value: number; onChange(count: number): void }) {
  return (
    <input type="number" min={1} value={value} onChange={(e) => onChange(Number(e.target.value))} />
  );
}

function ApplyButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="apply" onClick={onClick}>
      {label}
    </button>
  );
}
