import { z } from 'zod';
import { maxLengthMessage, validationMessages } from './messages.ts';
import { limits, passwordPattern } from './limits.ts';

type RequiredStyle = 'form' | 'short';

function requiredText(style: RequiredStyle): string {
  return style === 'form' ? validationMessages.required : validationMessages.requiredShort;
}

/** Control characters (NUL among them) have no place in any field and break PostgreSQL text. */
// eslint-disable-next-line no-control-regex
const withoutControlCharacters = /^[^\u0000-\u001f\u007f]*$/;

function textOfType(style: RequiredStyle) {
  const required = requiredText(style);
  return z
    .string({
      error: (issue) => (issue.input === undefined ? required : validationMessages.wrongType),
    })
    .regex(withoutControlCharacters, validationMessages.invalidCharacters);
}

/** A required text field: missing, blank or non-text values get the spec's messages. */
export function requiredString(max: number, style: RequiredStyle = 'form') {
  return textOfType(style).trim().min(1, requiredText(style)).max(max, maxLengthMessage(max));
}

/** A required secret (password, token): kept verbatim, never trimmed. */
export function requiredSecret(max: number, style: RequiredStyle = 'form') {
  return textOfType(style).min(1, requiredText(style)).max(max, maxLengthMessage(max));
}

/** A required e-mail field of at most `max` characters. */
export function emailField(max: number) {
  return requiredString(max).regex(z.regexes.email, validationMessages.email);
}

/** The password rule of spec section 5 (8–10 letters and digits, lower + upper + digit). */
export const passwordField = textOfType('short')
  .min(1, validationMessages.requiredShort)
  .min(limits.passwordMin, validationMessages.passwordMinLength)
  .max(limits.passwordMax, maxLengthMessage(limits.passwordMax))
  .regex(passwordPattern, validationMessages.passwordRequirements);

const maxId = 2_147_483_647;

/** A positive integer id in a JSON body. */
export const entityId = z
  .number({
    error: (issue) =>
      issue.input === undefined ? validationMessages.required : validationMessages.wrongType,
  })
  .int(validationMessages.wrongType)
  .positive(validationMessages.wrongType)
  .max(maxId, validationMessages.wrongType);

/** A positive integer id in a path parameter (arrives as text). */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/, validationMessages.wrongType)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .positive(validationMessages.wrongType)
      .max(maxId, validationMessages.wrongType),
  );

/** An opaque string id (BI GUIDs, report uids). */
export const opaqueId = requiredString(limits.opaqueId);

/**
 * A Power BI item id in a path (workspace, dataset, import): always a GUID, so anything else is
 * refused here instead of travelling to the BI service.
 */
export const biGuidParam = requiredString(limits.opaqueId).regex(
  z.regexes.guid,
  validationMessages.wrongType,
);
