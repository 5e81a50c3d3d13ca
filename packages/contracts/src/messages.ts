/**
 * User-facing Spanish texts of the portal API. The validation strings are the spec's own
 * (section 5), so the web forms and the server speak with one voice.
 */
export const validationMessages = {
  /** Missing value in the user and account forms. */
  required: 'El campo es requerido.',
  /** Missing value in the login and password forms (the spec drops the final dot there). */
  requiredShort: 'El campo es requerido',
  email: 'El campo requiere formato de mail.',
  passwordMinLength: 'El campo no cumple con la longitud minima',
  passwordRequirements: 'El campo no cumple con los requerimientos',
  passwordMismatch: 'Las contraseñas no coinciden',
  wrongType: 'El campo tiene un tipo de dato inválido.',
  unknownOption: 'El campo tiene un valor no permitido.',
  invalidCharacters: 'El campo contiene caracteres no permitidos.',
  dateTime: 'El campo requiere fecha y hora ISO 8601 con zona (por ejemplo 2027-03-31T23:59:00Z).',
} as const;

/** Message for a value longer than the field allows (the spec only sets the limits). */
export function maxLengthMessage(max: number): string {
  return `El campo supera la longitud máxima de ${max} caracteres.`;
}

/** Spanish labels used when the server names the field of a validation error. */
export const fieldLabels: Readonly<Record<string, string>> = {
  username: 'Usuario',
  password: 'Contraseña',
  repeat: 'Repetir contraseña',
  firstname: 'Nombre',
  lastname: 'Apellido',
  mail: 'Correo electrónico',
  rol: 'Rol',
  description: 'Descripción',
  clientId: 'Application ID',
  id: 'Identificador',
  token: 'Token',
  userId: 'Usuario',
  reportId: 'Informe',
  accountElementId: 'Elemento',
  uid: 'Informe',
  authType: 'Tipo de autenticación',
  tenantId: 'Tenant ID',
  certificate: 'Certificado',
  secretExpiresAt: 'Vencimiento del secreto',
  roles: 'Roles',
  datasetId: 'Conjunto de datos',
  format: 'Formato',
  pageName: 'Página',
  bookmarkState: 'Vista del informe',
  exportId: 'Exportación',
  reportUid: 'Informe',
  recipients: 'Destinatarios',
  recipientGroups: 'Grupos destinatarios',
  schedule: 'Programación',
  frequency: 'Frecuencia',
  time: 'Hora',
  timeZone: 'Zona horaria',
  days: 'Días',
  pages: 'Páginas',
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  subject: 'Asunto',
  message: 'Mensaje',
  paused: 'Pausada',
  device: 'Dispositivo',
  phases: 'Fases',
  tokenMs: 'Token del portal',
  loadedMs: 'Hasta loaded',
  renderedMs: 'De loaded a rendered',
  totalMs: 'Hasta rendered',
  errorCode: 'Código de error',
  page: 'Página',
  from: 'Desde',
  to: 'Hasta',
  accountId: 'Cuenta',
  workspaceId: 'Área de trabajo',
  user: 'Usuario',
  action: 'Acción',
  target: 'Objeto',
  cursor: 'Página',
  validUntil: 'Válido hasta',
  scope: 'Alcance',
  dueDate: 'Fecha límite',
  decisions: 'Decisiones',
  lineId: 'Línea',
  decision: 'Decisión',
  applyRecommendations: 'Aplicar recomendaciones',
};

/** Texts of the error catalogue that the server sends as `message`. */
export const errorMessages = {
  invalidCredentials: 'Usuario o contraseña incorrectos.',
  unauthorized: 'La sesión no es válida o expiró. Ingrese nuevamente.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  notFound: 'El recurso solicitado no existe.',
  routeNotFound: 'La dirección solicitada no existe.',
  reportNotFound: 'Informe no encontrado.',
  reportForbidden: 'Acceso denegado al informe.',
  userNotFound: 'El usuario no existe.',
  usernameTaken: 'Ya existe un usuario con ese nombre de usuario.',
  usernameReadOnly: 'El nombre de usuario no se puede modificar.',
  cannotDeleteSelf: 'No puede eliminar su propio usuario.',
  lastAdministrator: 'No se puede eliminar ni degradar al último administrador.',
  refreshTokenInvalid: 'La sesión expiró. Ingrese nuevamente.',
  refreshTokenReused: 'La sesión fue revocada por seguridad. Ingrese nuevamente.',
  xsrfMismatch: 'Falta o no coincide el token anti-falsificación (X-XSRF-TOKEN).',
  malformedJson: 'El cuerpo de la solicitud no es un JSON válido.',
  invalidBody: 'La solicitud no es válida.',
  bodyTooLarge: 'El cuerpo de la solicitud es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido de la solicitud no está soportado.',
  internal: 'Ocurrió un error inesperado. Intente nuevamente más tarde.',
  mailFailed: 'No se pudo enviar el correo con la contraseña temporal; no se guardaron cambios.',
  biUnavailable: 'El servicio de BI no respondió correctamente.',
} as const;

/** Lockout or rate-limit text telling the user when to retry. */
export function retryLaterMessage(retryAt: Date, now: Date = new Date()): string {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const wait =
    seconds < 60
      ? `${seconds} segundo${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minuto${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  const hour = retryAt.toISOString().slice(11, 16);
  return `Demasiados intentos fallidos. Intente nuevamente en ${wait} (a las ${hour} UTC).`;
}
