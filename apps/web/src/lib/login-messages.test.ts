import { validationMessages } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { REQUIRED_SHORT } from './login-messages.ts';

describe('login messages', () => {
  it('match the contracts, character for character', () => {
    expect(REQUIRED_SHORT).toBe(validationMessages.requiredShort);
  });
});
