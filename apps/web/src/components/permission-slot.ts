/**
 * How the users screens embed the permissions editor without importing the permissions feature:
 * the route passes the editor in, and the editor hands back a draft that knows how to save itself.
 */
export interface PermissionDraft {
  save(userId: number): Promise<void>;
}

export interface PermissionEditorProps {
  /** null while creating a user: the tree starts empty. */
  userId: number | null;
  onDraftChange(draft: PermissionDraft): void;
}
