/** Builds no Zod schema, so the report frame's cold path may import it (issue 31). */
/**
 * A failure as it crosses HTTP: the status and the error body's `code`, with its message. The BI
 * service throws Power BI's errors as one, the frame receives the BI service's, and the web the
 * portal's.
 */
export class CodedHttpError<Code extends string = string> extends Error {
  readonly status: number;
  readonly code: Code;
  constructor(status: number, code: Code, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
