/**
 * The format pane's inputs. Typed values apply on blur and on Enter (one undo step each, not one
 * per keystroke), and Escape puts the applied value back; a colour applies when the picker closes.
 * Each shows the stored value again when it changes elsewhere (an undo) or when the value typed is
 * refused.
 */
import { useEffect, useRef, useState } from 'react';

export function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="format-toggle">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** A text or number field; `commit` answers whether the value was taken. */
export function CommitField<T extends string | number>({
  label,
  value,
  parse,
  commit,
  ...input
}: {
  label: string;
  value: T | undefined;
  /** The typed text as a value (undefined when blank), or null when it is not one. */
  parse: (text: string) => T | undefined | null;
  commit: (value: T | undefined) => boolean;
  type?: 'text' | 'number';
  min?: number;
  max?: number;
  placeholder?: string;
}) {
  const shown = value === undefined ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const apply = () => {
    const next = parse(draft.trim());
    if (next === value) return;
    if (next === null || !commit(next)) setDraft(shown);
  };
  return (
    <label className="format-field">
      {label}
      <input
        {...input}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
          else if (e.key === 'Escape') setDraft(shown);
        }}
      />
    </label>
  );
}

const parseNumber = (text: string) => {
  if (text === '') return undefined;
  const number = Number(text.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
};

export const parseText = (text: string) => (text === '' ? undefined : text);

export function ColorField({
  label,
  value,
  fallback,
  commit,
}: {
  label: string;
  value: string | undefined;
  fallback: string;
  commit: (color: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    // The DOM's change event, not React's onChange (which fires on every move of the picker).
    const changed = () => commitRef.current(input.value.toUpperCase());
    input.addEventListener('change', changed);
    return () => input.removeEventListener('change', changed);
  }, []);
  const shown = (value ?? fallback).toLowerCase();
  useEffect(() => {
    if (ref.current) ref.current.value = shown;
  }, [shown]);
  return (
    <label className="format-color">
      <input ref={ref} type="color" defaultValue={shown} />
      {label}
    </label>
  );
}

/** A number typed in a field; blank means automatic (the option is removed). */
export function NumberField({
  label,
  value,
  range,
  commit,
  placeholder,
}: {
  label: string;
  value: number | undefined;
  range?: { min: number; max: number };
  commit: (value: number | undefined) => boolean;
  placeholder?: string;
}) {
  return (
    <CommitField
      label={label}
      type="number"
      {...range}
      {...(placeholder === undefined ? {} : { placeholder })}
      value={value}
      parse={parseNumber}
      commit={commit}
    />
  );
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  /** Each value with its text. */
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="format-field">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
