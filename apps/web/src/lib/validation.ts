import type { Rule } from 'antd/es/form';
import { limits, maxLengthMessage, passwordPattern, validationMessages } from '@vitrina/contracts';

/** Validation texts of spec §5, character for character, shared with the server via the contracts. */
export const MESSAGES = {
  required: validationMessages.required,
  /** The login and password forms say it without the final dot. */
  requiredShort: validationMessages.requiredShort,
  mail: validationMessages.email,
  minLength: validationMessages.passwordMinLength,
  requirements: validationMessages.passwordRequirements,
  mismatch: validationMessages.passwordMismatch,
} as const;

export const LIMITS = limits;
export const PASSWORD_PATTERN = passwordPattern;

export const required = (message: string = MESSAGES.required): Rule => ({
  required: true,
  message,
});
export const mailRule: Rule = { type: 'email', message: MESSAGES.mail };
export const maxRule = (max: number): Rule => ({ max, message: maxLengthMessage(max) });
