import { AppError } from '../../errors.ts';
import { BiFailure, type BiServiceError } from './bi-errors.ts';
import { spanishBiMessage } from './bi-messages.ts';

/**
 * The one translation of a failed BI call into the portal's answer, for every service: content
 * the BI service does not have is 404; a request it refused (a 4xx) is 400, in Spanish when the
 * service's message is one the portal knows (a file's row and column); a refusal by the account's
 * Power BI licence or permissions (an export off Premium capacity) is 502 with that reason;
 * anything else (sign-in, throttling, an unreachable or failing service, a malformed answer) is
 * 502. The message is always Spanish and safe to show.
 */
export function portalErrorOf(error: BiServiceError): AppError {
  const options = { cause: error };
  const translated = spanishBiMessage(error.remoteMessage, error.message, error.remoteCode);
  switch (error.failure) {
    case BiFailure.notFound:
      return new AppError('not_found', error.message, options);
    case BiFailure.rejected:
      return new AppError('validation_failed', translated, options);
    case BiFailure.forbidden:
      return new AppError('bad_gateway', translated, options);
    default:
      return new AppError('bad_gateway', error.message, options);
  }
}
