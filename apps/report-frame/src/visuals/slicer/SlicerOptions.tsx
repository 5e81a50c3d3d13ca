/**
 * A slicer's items as a listbox: the whole row takes the click, arrows/Home/End move, Enter and
 * Space pick (roving tabindex, so Tab enters and leaves the list as one stop).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface SlicerItem {
  key: string;
  label: string;
  selected: boolean;
}

interface Props {
  items: SlicerItem[];
  label: string;
  onPick(index: number): void;
  /** Focus the active item when drawn (an opened dropdown hands the focus to its list). */
  autoFocus?: boolean;
  /** Keys the list does not use itself (Escape, Tab), for the dropdown around it. */
  onOtherKey?(event: KeyboardEvent): void;
}

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (i, last) => Math.min(last, i + 1),
  ArrowRight: (i, last) => Math.min(last, i + 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  ArrowLeft: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, last) => last,
};

export function SlicerOptions({ items, label, onPick, autoFocus, onOtherKey }: Props) {
  const firstSelected = Math.max(
    0,
    items.findIndex((item) => item.selected),
  );
  const [active, setActive] = useState(firstSelected);
  const refs = useRef<(HTMLLIElement | null)[]>([]);
  const current = Math.min(active, items.length - 1);
  const opening = useRef(current);
  useEffect(() => {
    if (autoFocus) refs.current[opening.current]?.focus();
  }, [autoFocus]);

  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const next = move(current, items.length - 1);
      setActive(next);
      refs.current[next]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(current);
    } else {
      onOtherKey?.(event);
    }
  };

  return (
    <ul
      className="slicer-list"
      role="listbox"
      aria-label={label}
      aria-multiselectable="true"
      onKeyDown={onKeyDown}
    >
      {items.map((item, index) => (
        <li
          key={item.key}
          ref={(element) => {
            refs.current[index] = element;
          }}
          role="option"
          aria-selected={item.selected}
          tabIndex={index === current ? 0 : -1}
          className="slicer-item"
          onClick={() => {
            setActive(index);
            onPick(index);
          }}
        >
          <span className="slicer-check" aria-hidden="true" />
          <span className="slicer-item-label">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
