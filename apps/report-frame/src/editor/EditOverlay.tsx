/**
 * Selection boxes over the page: click selects, drag moves, the corner handle resizes, Delete
 * removes. Moves and resizes snap (placement.ts) and show the alignment guides while dragging.
 */
import { useState, type PointerEvent } from 'react';
import type { PageDefinition } from '../api/types.ts';
import type { PageLayout } from '../report/layout.ts';
import { useStore } from '../state/store.ts';
import { FIELD_MIME, readDraggedField } from './drag-field.ts';
import type { ReportEditor } from './report-editor.ts';
import { addFieldToFirstWell } from './field-placement.ts';
import { snapBox, type Guide, type Rect } from './placement.ts';
import { deleteVisual, placeVisual } from './visual-edits.ts';

interface Drag {
  name: string;
  resize: boolean;
  startX: number;
  startY: number;
  dx: number;
  dy: number;
}

/**
 * A field being typed in (the format pane's title) applies on blur; selecting from the canvas
 * unmounts it first, so it is blurred before the selection changes.
 */
function applyFieldBeingTyped(): void {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) active.blur();
}

/** The dragged visual's box in design units, snapped, with the guides it lines up with. */
function draggedBox(
  page: PageDefinition,
  layout: PageLayout,
  drag: Drag,
): { box: Rect; guides: Guide[] } | null {
  const visual = page.visuals.find((v) => v.name === drag.name);
  if (!visual) return null;
  const dx = drag.dx / layout.scale;
  const dy = drag.dy / layout.scale;
  const { x, y, width, height } = visual.layout;
  const box = drag.resize
    ? { x, y, width: width + dx, height: height + dy }
    : { x: x + dx, y: y + dy, width, height };
  return snapBox(page, drag.name, box, drag.resize ? 'resize' : 'move');
}

export function EditOverlay({
  editor,
  page,
  layout,
}: {
  editor: ReportEditor;
  page: PageDefinition;
  layout: PageLayout;
}) {
  const { selected } = useStore(editor.store);
  const [drag, setDrag] = useState<Drag | null>(null);

  const start = (name: string, resize: boolean) => (event: PointerEvent) => {
    event.stopPropagation();
    applyFieldBeingTyped();
    editor.select(name);
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    setDrag({ name, resize, startX: event.clientX, startY: event.clientY, dx: 0, dy: 0 });
  };
  const move = (event: PointerEvent) =>
    drag && setDrag({ ...drag, dx: event.clientX - drag.startX, dy: event.clientY - drag.startY });
  const snapped = drag && (drag.dx !== 0 || drag.dy !== 0) ? draggedBox(page, layout, drag) : null;
  const end = () => {
    if (!drag) return;
    setDrag(null);
    if (snapped) editor.applyToPage((p) => placeVisual(p, drag.name, snapped.box));
  };
  const toScreen = (n: number) => n * layout.scale;

  return (
    <div
      className="edit-overlay"
      onPointerMove={move}
      onPointerUp={end}
      onPointerDown={() => {
        applyFieldBeingTyped();
        editor.select(null);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Delete' && selected)
          editor.applyToPage((p) => deleteVisual(p, selected));
      }}
      tabIndex={0}
    >
      {page.visuals.map((visual) => {
        const box = layout.boxes[visual.name];
        if (!box) return null;
        // While dragging, the box shows where the drop will land: snapped, in screen units.
        const at = drag?.name === visual.name && snapped ? snapped.box : visual.layout;
        const shift = {
          dx: toScreen(at.x - visual.layout.x),
          dy: toScreen(at.y - visual.layout.y),
        };
        const grow = {
          dx: toScreen(at.width - visual.layout.width),
          dy: toScreen(at.height - visual.layout.height),
        };
        return (
          <div
            key={visual.name}
            className={`edit-box${selected === visual.name ? ' selected' : ''}`}
            data-visual-name={visual.name}
            style={{
              left: box.left + shift.dx,
              top: box.top + shift.dy,
              width: Math.max(8, box.width + grow.dx),
              height: Math.max(8, box.height + grow.dy),
              zIndex: box.zIndex + 1000,
            }}
            onPointerDown={start(visual.name, false)}
            onDragOver={(event) =>
              event.dataTransfer.types.includes(FIELD_MIME) && event.preventDefault()
            }
            onDrop={(event) => {
              const field = readDraggedField(event.dataTransfer);
              const schema = editor.controller.state.report.dataset;
              if (field)
                editor.applyToPage((p) => addFieldToFirstWell(p, visual.name, field, schema));
            }}
          >
            {selected === visual.name && (
              <div className="edit-handle" onPointerDown={start(visual.name, true)} />
            )}
          </div>
        );
      })}
      {snapped?.guides.map((guide) => (
        <div
          key={`${guide.axis}${guide.at}`}
          className={`edit-guide edit-guide-${guide.axis}`}
          data-guide={guide.axis}
          style={
            guide.axis === 'x'
              ? {
                  left: toScreen(guide.at),
                  top: toScreen(guide.from),
                  height: toScreen(guide.to - guide.from),
                }
              : {
                  top: toScreen(guide.at),
                  left: toScreen(guide.from),
                  width: toScreen(guide.to - guide.from),
                }
          }
        />
      ))}
    </div>
  );
}
