import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url.ts';

describe('returnUrl after login', () => {
  it('follows same-site paths and defaults to /gateway', () => {
    expect(safeReturnUrl('/viewer/abc?x=1')).toBe('/viewer/abc?x=1');
    expect(safeReturnUrl(null)).toBe('/gateway');
    expect(safeReturnUrl('/')).toBe('/gateway');
    expect(safeReturnUrl('https://evil.example/')).toBe('/gateway');
    expect(safeReturnUrl('//evil.example/')).toBe('/gateway');
  });
});
