/** A failed SDK request: the status and body (usually an IError[]) the host's promise rejects with. */
export class RequestError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
    this.name = 'RequestError';
    this.status = status;
    this.body = body;
  }
}

export const badRequest = (message: string) => new RequestError(400, [{ message }]);
