import { CodedHttpError } from '@vitrina/contracts';

/** A failed portal API call: HTTP status plus the server's `{ code, message }` (message in Spanish). */
export class ApiError extends CodedHttpError {
  override name = 'ApiError';
}

/** The text to show for any thrown value: the server's message when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Error inesperado. Intente nuevamente.';
}
