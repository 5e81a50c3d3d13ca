/** What the embed token grants, checked before an authoring call changes or stores the report. */
import { BiError } from '../api/bi-client.ts';
import { RequestError } from '../protocol/request-error.ts';
import type { ReportEditor } from './report-editor.ts';

export const notGranted = (what: string) =>
  new RequestError(403, [
    {
      message: `The embed token does not grant ${what}`,
      detailedMessage: 'PowerBINotAuthorizedException',
    },
  ]);

/** A failed call to the BI service answers with its status (403, 409 conflict…) as an IError. */
export async function passingBiErrors(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof BiError)
      throw new RequestError(error.status || 500, [
        { message: error.message, detailedMessage: error.code },
      ]);
    throw error;
  }
}

/** Checks a grant; when it is missing, asks the BI service once more (the token may be new). */
export async function requireGrant(editor: ReportEditor, granted: () => boolean, what: string) {
  if (granted()) return;
  await passingBiErrors(() => editor.refreshAccess());
  if (!granted()) throw notGranted(what);
}
