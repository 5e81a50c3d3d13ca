/** Selection boxes over the page: click selects, drag moves, the corner handle resizes, Delete removes. */
import { useState, type PointerEvent } from 'react';
import type { PageDefinition } from '../api/types.ts';
import type { PageLayout } from '../report/layout.ts';
import { useStore } from '../state/store.ts';
import { FIELD_MIME, readDraggedField } from './drag-field.ts';
import type { ReportEditor } from './report-editor.ts';
import { addFieldToFirstWell } from './field-placement.ts';
import { deleteVisual, placeVisual } from './visual-edits.ts';

interface Drag {
  name: string;
  resize: boolean;
  startX: number;
  startY: number;
  dx: number;
  dy: number;
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
    editor.select(name);
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    setDrag({ name, resize, startX: event.clientX, startY: event.clientY, dx: 0, dy: 0 });
  };
  const move = (event: PointerEvent) =>
    drag && setDrag({ ...drag, dx: event.clientX - drag.startX, dy: event.clientY - drag.startY });
  const end = () => {
    if (!drag) return;
    const visual = page.visuals.find((v) => v.name === drag.name);
    setDrag(null);
    if (!visual || (drag.dx === 0 && drag.dy === 0)) return;
    const dx = drag.dx / layout.scale;
    const dy = drag.dy / layout.scale;
    const { x, y, width, height } = visual.layout;
    const box = drag.resize
      ? { x, y, width: width + dx, height: height + dy }
      : { x: x + dx, y: y + dy, width, height };
    editor.applyToPage((p) => placeVisual(p, drag.name, box));
  };

  return (
    <div
      className="edit-overlay"
      onPointerMove={move}
      onPointerUp={end}
      onPointerDown={() => editor.select(null)}
      onKeyDown={(event) => {
        if (event.key === 'Delete' && selected)
          editor.applyToPage((p) => deleteVisual(p, selected));
      }}
      tabIndex={0}
    >
      {page.visuals.map((visual) => {
        const box = layout.boxes[visual.name];
        if (!box) return null;
        const moving = drag?.name === visual.name;
        const shift = moving && !drag.resize ? { dx: drag.dx, dy: drag.dy } : { dx: 0, dy: 0 };
        const grow = moving && drag.resize ? { dx: drag.dx, dy: drag.dy } : { dx: 0, dy: 0 };
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
    </div>
  );
}
