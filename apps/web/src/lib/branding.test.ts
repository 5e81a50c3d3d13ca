import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, toPublicConfig } from './branding.ts';

/** A provider's branding, every field set. */
const andino = {
  title: 'Portal Andino',
  productName: 'Andino BI',
  providerName: 'Andino',
  providerSite: 'https://andino.example',
  logoUrl: '/brand/logo.png',
  primaryColor: '#123456',
};

describe('public config', () => {
  it('takes the provider branding and the embed origin from the server', () => {
    const config = toPublicConfig({ ...andino, embedOrigin: 'http://localhost:8081' });
    expect(config.branding).toEqual(andino);
    expect(config.embedOrigin).toBe('http://localhost:8081');
  });

  it("falls back to Vitrina's defaults field by field", () => {
    const config = toPublicConfig({ productName: 'Otro', primaryColor: '' });
    expect(config.branding).toEqual({ ...DEFAULT_BRANDING, productName: 'Otro' });
    expect(config.embedOrigin).toBeNull();
  });
});
