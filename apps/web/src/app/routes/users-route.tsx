import { EmbeddedPermissionEditor } from '../../features/permissions/components/EmbeddedPermissionEditor.tsx';
import { PermissionsModal } from '../../features/permissions/components/PermissionsModal.tsx';
import { UsersPage } from '../../features/users/components/UsersPage.tsx';

/** Composes the users screen with the permissions editor and modal (features never import each other). */
export function UsersRoute() {
  return (
    <UsersPage PermissionEditor={EmbeddedPermissionEditor} PermissionsModal={PermissionsModal} />
  );
}
