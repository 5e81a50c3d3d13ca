/**
 * The dropdown slicer: a header button (aria-expanded) that opens its list in a layer on the
 * document's body, so no visual drawn later (or its stacking context) covers it. Escape, a press
 * outside, Tab and scrolling the page away close it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { SlicerOptions, type SlicerItem } from './SlicerOptions.tsx';

interface Props {
  title: string;
  summary: string;
  items: SlicerItem[];
  onPick(index: number): void;
}

interface Place {
  left: number;
  top: number;
  width: number;
}

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

export function SlicerDropdown({ title, summary, items, onPick }: Props) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!open) return undefined;
    const measure = () => {
      const rect = toggle.current?.getBoundingClientRect();
      if (rect) setPlace({ left: rect.left, top: rect.bottom + 2, width: rect.width });
    };
    measure();
    // Scrolling the report moves the header: follow it (the list's own scroll is not a move).
    const onScroll = (event: Event) => {
      if (!popup.current?.contains(event.target as Node)) measure();
    };
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', onScroll, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const onPress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (popup.current?.contains(target) || toggle.current?.contains(target)) return;
      setOpen(false);
    };
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  const onToggleKey = (event: KeyboardEvent) => {
    if (open || !OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    setOpen(true);
  };
  const onListKey = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="slicer slicer-dropdown">
      <div className="slicer-title">{title}</div>
      <button
        ref={toggle}
        type="button"
        className="slicer-toggle"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onKeyDown={onToggleKey}
      >
        <span className="slicer-summary">{summary}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open &&
        place &&
        createPortal(
          <div
            ref={popup}
            className="slicer-popup"
            style={{ left: place.left, top: place.top, width: place.width }}
          >
            <SlicerOptions
              items={items}
              label={title}
              onPick={onPick}
              autoFocus
              onOtherKey={onListKey}
            />
          </div>,
          document.body,
        )}
    </div>
  );
}
