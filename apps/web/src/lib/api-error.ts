/** A failed portal API call: HTTP status plus the server's `{ code, message }` (message in Spanish). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The text to show for any thrown value: the server's message when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Error inesperado. Intente nuevamente.';
}
