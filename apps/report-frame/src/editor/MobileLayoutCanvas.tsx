/**
 * Power BI's "Diseño móvil": a phone-sized canvas beside the list of the page's visuals. A click
 * on a listed visual puts it on the phone; on the canvas a visual is dragged to move it, resized
 * from its corner handle and taken off with ×. Every change is one editor edit (undo, save).
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { PageDefinition } from '../api/types.ts';
import type { EditorMessages } from './editor-messages.ts';
import {
  PHONE_CANVAS_WIDTH,
  placeOnPhone,
  removeFromPhone,
  setPhoneBox,
} from './mobile-layout-edits.ts';
import type { ReportEditor } from './report-editor.ts';
import { VisualIcon } from './VisualIcon.tsx';

const PHONE_CANVAS_MIN_HEIGHT = 640;

const TEXTS = {
  es: {
    mobileLayout: 'Diseño móvil',
    pageVisuals: 'Objetos visuales de la página',
    allPlaced: 'Todos los objetos visuales están en el diseño móvil.',
    phoneCanvas: 'Lienzo del teléfono',
    remove: 'Quitar del diseño móvil',
    resize: 'Cambiar el tamaño',
  },
  en: {
    mobileLayout: 'Mobile layout',
    pageVisuals: "Page's visuals",
    allPlaced: 'Every visual is on the mobile layout.',
    phoneCanvas: 'Phone canvas',
    remove: 'Remove from the mobile layout',
    resize: 'Resize',
  },
} as const;

export function mobileLayoutTexts(language: 'es' | 'en') {
  return TEXTS[language];
}

/** A box being dragged: where the pointer went down, and whether it moves or resizes. */
interface Gesture {
  name: string;
  resize: boolean;
  fromX: number;
  fromY: number;
}

export function MobileLayoutCanvas({
  editor,
  page,
  texts,
  language,
}: {
  editor: ReportEditor;
  page: PageDefinition;
  texts: EditorMessages;
  language: 'es' | 'en';
}) {
  const own = mobileLayoutTexts(language);
  const gesture = useRef<Gesture | null>(null);
  const [offset, setOffset] = useState<{ name: string; dx: number; dy: number } | null>(null);
  const placed = page.mobileLayout ?? [];
  const unplaced = page.visuals.filter((v) => !placed.some((e) => e.name === v.name));
  const labelOf = (name: string) => {
    const visual = page.visuals.find((v) => v.name === name);
    return visual?.title ?? (visual ? texts.types[visual.type] : name);
  };

  const grab = (name: string, resize: boolean) => (event: PointerEvent) => {
    event.stopPropagation();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    gesture.current = { name, resize, fromX: event.clientX, fromY: event.clientY };
  };
  const follow = (event: PointerEvent) => {
    const g = gesture.current;
    if (g) setOffset({ name: g.name, dx: event.clientX - g.fromX, dy: event.clientY - g.fromY });
  };
  const drop = () => {
    const g = gesture.current;
    gesture.current = null;
    setOffset(null);
    const entry = placed.find((e) => e.name === g?.name);
    if (!g || !entry || !offset || (offset.dx === 0 && offset.dy === 0)) return;
    const box = g.resize
      ? { ...entry, width: entry.width + offset.dx, height: entry.height + offset.dy }
      : { ...entry, x: entry.x + offset.dx, y: entry.y + offset.dy };
    editor.applyToPage((p) => setPhoneBox(p, g.name, box));
  };
  const shown = (entry: (typeof placed)[number]) => {
    if (offset?.name !== entry.name) return entry;
    return gesture.current?.resize
      ? { ...entry, width: entry.width + offset.dx, height: entry.height + offset.dy }
      : { ...entry, x: entry.x + offset.dx, y: entry.y + offset.dy };
  };
  const height = Math.max(PHONE_CANVAS_MIN_HEIGHT, ...placed.map((e) => e.y + e.height + 40));

  return (
    <div className="mobile-layout" aria-label={own.mobileLayout} role="region">
      <div className="mobile-layout-list">
        <h3>{own.pageVisuals}</h3>
        {unplaced.length === 0 && <p>{own.allPlaced}</p>}
        {unplaced.map((visual) => (
          <button
            key={visual.name}
            type="button"
            data-visual-name={visual.name}
            onClick={() => editor.applyToPage((p) => placeOnPhone(p, visual.name))}
          >
            <VisualIcon type={visual.type} />
            {labelOf(visual.name)}
          </button>
        ))}
      </div>
      <div
        className="mobile-layout-phone"
        role="group"
        aria-label={own.phoneCanvas}
        style={{ width: PHONE_CANVAS_WIDTH, height }}
        onPointerMove={follow}
        onPointerUp={drop}
      >
        {placed.map((entry) => {
          const box = shown(entry);
          return (
            <div
              key={entry.name}
              className="mobile-layout-box"
              data-visual-name={entry.name}
              style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
              onPointerDown={grab(entry.name, false)}
            >
              <span className="mobile-layout-label">{labelOf(entry.name)}</span>
              <button
                type="button"
                aria-label={own.remove}
                title={own.remove}
                onPointerDown={(event) => event.stopPropagation()}
                onClick={() => editor.applyToPage((p) => removeFromPhone(p, entry.name))}
              >
                ×
              </button>
              <span
                className="mobile-layout-handle"
                aria-label={own.resize}
                onPointerDown={grab(entry.name, true)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
