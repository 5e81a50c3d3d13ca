import { Typography } from 'antd';
import { useEffect } from 'react';
import type { PermissionEditorProps } from '../../../components/permission-slot.ts';
import { PermissionTree } from './PermissionTree.tsx';
import { usePermissionEditor } from './use-permission-editor.ts';

/** The permissions component inside the user create/edit modal; saved by the modal's Grabar. */
export function EmbeddedPermissionEditor({ userId, onDraftChange }: PermissionEditorProps) {
  const editor = usePermissionEditor(userId);
  const { save } = editor;
  useEffect(() => {
    onDraftChange({ save });
  }, [save, onDraftChange]);
  return (
    <div>
      <Typography.Text strong>Permisos</Typography.Text>
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 8, marginTop: 4 }}>
        <PermissionTree editor={editor} height={240} />
      </div>
    </div>
  );
}
