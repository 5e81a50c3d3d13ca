/**
 * The between slicer: two inputs and a two-thumb range over the field's minimum and maximum, for
 * numbers and dates (dates slide by day). The filter is applied when an input is left or a thumb
 * is let go, not on every keystroke or pixel dragged.
 */
import { useState } from 'react';
import { useServices } from '../services.ts';

interface Props {
  title: string;
  isDate: boolean;
  min: string;
  max: string;
  /** The current bounds ('' for an open end). */
  from: string;
  to: string;
  onApply(from: string, to: string): void;
}

const DAY_MS = 86_400_000;
const toSlider = (value: string, isDate: boolean): number =>
  isDate ? Math.round(Date.parse(value) / DAY_MS) : Number(value);
const fromSlider = (value: number, isDate: boolean): string =>
  isDate ? new Date(value * DAY_MS).toISOString().slice(0, 10) : String(value);

export function SlicerBetween({ title, isDate, min, max, from, to, onApply }: Props) {
  const { messages } = useServices();
  const [draft, setDraft] = useState<[string, string] | null>(null);
  const [low, high] = draft ?? [from || min, to || max];
  const commit = () => {
    if (!draft) return;
    setDraft(null);
    onApply(draft[0] === min ? '' : draft[0], draft[1] === max ? '' : draft[1]);
  };
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') commit();
  };
  const inputType = isDate ? 'date' : 'number';
  const sliderMin = toSlider(min, isDate);
  const sliderMax = toSlider(max, isDate);
  const ready = Number.isFinite(sliderMin) && Number.isFinite(sliderMax) && sliderMax > sliderMin;
  const step = isDate || Number.isInteger(sliderMax - sliderMin) ? 1 : 'any';
  const slide = (index: 0 | 1, value: number) => {
    const next: [string, string] = [low, high];
    next[index] = fromSlider(value, isDate);
    if (toSlider(next[0], isDate) > toSlider(next[1], isDate)) return;
    setDraft(next);
  };
  return (
    <div className="slicer slicer-between" role="group" aria-label={title}>
      <div className="slicer-title">{title}</div>
      <div className="slicer-between-inputs">
        {([0, 1] as const).map((index) => (
          <label key={index}>
            {index === 0 ? messages.from : messages.to}
            <input
              type={inputType}
              value={index === 0 ? low : high}
              min={min}
              max={max}
              onChange={(e) =>
                setDraft(index === 0 ? [e.target.value, high] : [low, e.target.value])
              }
              onBlur={commit}
              onKeyDown={onEnter}
            />
          </label>
        ))}
      </div>
      {ready && (
        <div className="slicer-range" onPointerUp={commit} onKeyUp={commit}>
          {([0, 1] as const).map((index) => (
            <input
              key={index}
              type="range"
              aria-label={`${title}: ${index === 0 ? messages.from : messages.to}`}
              min={sliderMin}
              max={sliderMax}
              step={step}
              value={toSlider(index === 0 ? low : high, isDate)}
              onChange={(e) => slide(index, Number(e.target.value))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
