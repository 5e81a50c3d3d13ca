/** Why a call to the BI service failed, so callers can pick a status and the sync a message. */
export const BiFailure = {
  unreachable: 'unreachable',
  credentials: 'credentials',
  application: 'application',
  forbidden: 'forbidden',
  notFound: 'not_found',
  /** The BI service refused the request itself (a 4xx other than 401, 403, 404 and 429). */
  rejected: 'rejected',
  /** The BI service answered 2xx with a body outside the Power BI REST contract. */
  malformedAnswer: 'malformed_answer',
  unreadableSecret: 'unreadable_secret',
  certificate: 'certificate',
  throttled: 'throttled',
  unexpected: 'unexpected',
} as const;
export type BiFailure = (typeof BiFailure)[keyof typeof BiFailure];

const spanishMessages: Record<BiFailure, string> = {
  unreachable: 'No se pudo conectar con el servicio de BI.',
  credentials: 'El usuario o la contraseña de la cuenta de integración no son válidos.',
  application:
    'El Application ID no está registrado en el servicio de BI o no admite este inicio de sesión.',
  forbidden: 'La cuenta de integración no tiene acceso a este contenido en el servicio de BI.',
  not_found: 'El contenido ya no existe en el servicio de BI.',
  rejected: 'El servicio de BI rechazó la operación.',
  malformed_answer: 'El servicio de BI respondió con datos que no tienen la forma esperada.',
  unreadable_secret:
    'No se pudo descifrar la contraseña guardada de la cuenta; vuelva a ingresarla.',
  certificate:
    'El certificado de la entidad de servicio no es válido: debe ser un PEM con la clave privada y el certificado.',
  throttled:
    'El servicio de BI limitó las solicitudes por exceso de uso; se volverá a intentar más tarde.',
  unexpected: 'El servicio de BI respondió con un error inesperado.',
};

/** A failed BI service call; `message` is Spanish and safe to show, `detail` is for logs only. */
export class BiServiceError extends Error {
  readonly failure: BiFailure;
  readonly detail: string;
  /** The BI service's own (English) error message, for callers that translate it. */
  readonly remoteMessage: string | undefined;
  /** The BI service's error code (`FeatureNotAvailableError`…), for the same translation. */
  readonly remoteCode: string | undefined;

  /** `message` overrides the failure's general sentence (an AADSTS code says more). */
  constructor(
    failure: BiFailure,
    detail: string,
    message?: string,
    remoteMessage?: string,
    remoteCode?: string,
  ) {
    super(message ?? spanishMessages[failure]);
    this.name = 'BiServiceError';
    this.failure = failure;
    this.detail = detail;
    this.remoteMessage = remoteMessage;
    this.remoteCode = remoteCode;
  }
}

/**
 * The BI service refused for load (429). With the wait it announced, in milliseconds, the message
 * says when to try again.
 */
export function throttledError(detail: string, retryAfterMs: number | undefined): BiServiceError {
  const message =
    retryAfterMs === undefined
      ? undefined
      : `El servicio de BI limitó las solicitudes; reintente en ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s.`;
  return new BiServiceError(BiFailure.throttled, detail, message);
}
