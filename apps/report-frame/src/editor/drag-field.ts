/** A field dragged from the fields pane travels as JSON under the frame's own type. */
import type { FieldRef } from '@vitrina/bi-model';
import { editorShapes } from '../api/editor-shapes.ts';

export const FIELD_MIME = 'application/x-vitrina-field';

export function writeDraggedField(transfer: DataTransfer, field: FieldRef): void {
  transfer.setData(FIELD_MIME, JSON.stringify(field));
}

export function readDraggedField(transfer: DataTransfer): FieldRef | undefined {
  try {
    const checked = editorShapes.check('FieldRef', JSON.parse(transfer.getData(FIELD_MIME)));
    return checked.ok ? checked.value : undefined;
  } catch {
    return undefined;
  }
}
