import { Role } from '../../../lib/models.ts';

/** Spanish names of the two roles of spec §1 (rol 0 Administrator, rol 1 Viewer). */
export const roleLabel = (rol: number) =>
  rol === Role.Administrator ? 'Administrador' : 'Visualizador';
