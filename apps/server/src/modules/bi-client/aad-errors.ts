import { BiFailure } from './bi-errors.ts';

/**
 * Spanish sentences for the Entra ID (AADSTS) codes an administrator meets when connecting a
 * tenant. Codes not listed keep the general sentence of their failure kind, so the spec's
 * messages for a wrong username or password (50126) and an unknown client (700016) stay as they are.
 */
const sentences: Readonly<Record<number, { failure: BiFailure; message: string }>> = {
  7000215: {
    failure: BiFailure.application,
    message:
      'El secreto de cliente no es válido (AADSTS7000215): copie el valor del secreto, no su identificador.',
  },
  7000222: {
    failure: BiFailure.application,
    message:
      'El secreto de cliente venció (AADSTS7000222): cree uno nuevo en Entra ID y actualice la cuenta.',
  },
  50076: {
    failure: BiFailure.credentials,
    message:
      'La cuenta exige autenticación multifactor (AADSTS50076) y el usuario maestro no puede cumplirla: use una entidad de servicio.',
  },
  50079: {
    failure: BiFailure.credentials,
    message:
      'La cuenta debe registrar la autenticación multifactor (AADSTS50079) y el usuario maestro no puede hacerlo: use una entidad de servicio.',
  },
  65001: {
    failure: BiFailure.application,
    message:
      'Falta el consentimiento de la aplicación (AADSTS65001): un administrador del inquilino debe concederlo a los permisos de Power BI.',
  },
  700027: {
    failure: BiFailure.certificate,
    message:
      'Entra ID no reconoce el certificado (AADSTS700027): súbalo a la aplicación o revise que no haya vencido.',
  },
  90002: {
    failure: BiFailure.application,
    message: 'El inquilino (Tenant ID) no existe (AADSTS90002): revise el identificador.',
  },
  53003: {
    failure: BiFailure.credentials,
    message:
      'Una directiva de acceso condicional bloqueó el inicio de sesión (AADSTS53003): excluya la cuenta o use una entidad de servicio.',
  },
  50055: {
    failure: BiFailure.credentials,
    message:
      'La contraseña del usuario maestro venció (AADSTS50055): cámbiela e ingrésela de nuevo.',
  },
  50053: {
    failure: BiFailure.credentials,
    message: 'La cuenta está bloqueada por demasiados intentos (AADSTS50053): espere y reintente.',
  },
};

/** Said when a service principal signs in but Power BI refuses its API calls (HTTP 401). */
export const servicePrincipalsDisabledMessage =
  'Power BI rechazó la entidad de servicio: habilite «Las entidades de servicio pueden usar las API de Fabric» para su grupo de seguridad en el portal de administración, y agréguela al área de trabajo.';

/** The failure and sentence for the first AADSTS code in `text`, if it is one we explain. */
export function aadFailure(text: string): { failure: BiFailure; message: string } | undefined {
  const code = /AADSTS(\d+)/.exec(text)?.[1];
  return code === undefined ? undefined : sentences[Number(code)];
}
