import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';

describe('Retry-After of a 429', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(retryAfterMs('Sat, 01 Mar 2025 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sat, 01 Mar 2025 11:59:00 GMT', now)).toBe(0);
  });

  it('names no wait when absent or unreadable', () => {
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-3', now)).toBeUndefined();
  });
});
