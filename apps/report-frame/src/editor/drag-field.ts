/** A field dragged from the fields pane travels as JSON under the frame's own type. */
import { fieldRefSchema, type FieldRef } from '@vitrina/bi-model';

export const FIELD_MIME = 'application/x-vitrina-field';

export function writeDraggedField(transfer: DataTransfer, field: FieldRef): void {
  transfer.setData(FIELD_MIME, JSON.stringify(field));
}

export function readDraggedField(transfer: DataTransfer): FieldRef | undefined {
  try {
    const parsed = fieldRefSchema.safeParse(JSON.parse(transfer.getData(FIELD_MIME)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
