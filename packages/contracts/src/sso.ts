import { z } from 'zod';

/**
 * Why a sign-in through the company's provider did not finish. The callback sends the browser to
 * the login page with `?sso_error=<code>`; the page shows the message of that code.
 */
export const ssoFailureCodes = [
  'state',
  'code',
  'nonce',
  'issuer',
  'token',
  'denied',
  'domain',
  'tenant',
  'no_role',
  'overage',
  'unreachable',
  'local_account',
] as const;
export type SsoFailureCode = (typeof ssoFailureCodes)[number];

/** The login page's explanation of each failure; `provider` is OIDC_DISPLAY_NAME. */
export function ssoFailureMessage(code: SsoFailureCode, provider: string): string {
  const again = 'Vuelva a intentar con el botón de abajo.';
  switch (code) {
    case 'state':
      return `El ingreso no se pudo verificar: la respuesta de ${provider} no corresponde a este navegador o tardó más de 10 minutos. ${again}`;
    case 'code':
      return `El código de ingreso de ${provider} venció o ya se usó. ${again}`;
    case 'nonce':
      return `La identificación de ${provider} no corresponde a este intento de ingreso. ${again}`;
    case 'issuer':
      return `La respuesta no viene del proveedor configurado (${provider}). Ingreso rechazado.`;
    case 'token':
      return `La identificación de ${provider} venció o su firma no es válida. ${again}`;
    case 'denied':
      return `${provider} no autorizó el ingreso. ${again}`;
    case 'domain':
      return 'Su dominio de correo no está habilitado para ingresar a este portal.';
    case 'tenant':
      return 'Su cuenta pertenece a otra organización: este portal solo admite la de su empresa.';
    case 'no_role':
      return `${provider} no envió el dato que decide su rol en el portal. Pida al administrador que lo revise.`;
    case 'overage':
      return `Su cuenta pertenece a demasiados grupos para que ${provider} los envíe. Pida al administrador que use roles de aplicación o limite los grupos a los asignados al portal.`;
    case 'unreachable':
      return `No se pudo contactar a ${provider}. Intente de nuevo en unos minutos.`;
    case 'local_account':
      return `Ya existe un usuario local con ese nombre. Pida al administrador que lo revise.`;
  }
}

/** `GET /api/public-config`'s `sso`: present when the company's provider is configured. */
export const ssoPublicConfigSchema = z.object({
  /** OIDC_DISPLAY_NAME, for "Iniciar sesión con …". */
  displayName: z.string(),
  /** Whether signing out also ends the provider's session (OIDC_END_SESSION). */
  endSession: z.boolean(),
});

/** `POST auth/oidc/session`: an empty body; the session comes in the callback's cookie. */
export const ssoSessionRequestSchema = z.object({});
