import { describe, expect, it } from 'vitest';
import { createRandomId } from './random-id.ts';
import { TrustedWindows, originOf } from './trusted-windows.ts';

/** Window identities only: the registry compares references and never calls into them. */
const frameWindow = {};
const otherWindow = {};

describe('TrustedWindows', () => {
  it('knows the origin to post to for registered windows only', () => {
    const trusted = new TrustedWindows();
    trusted.add(frameWindow, 'https://bi.example');
    expect(trusted.targetOriginFor(frameWindow)).toBe('https://bi.example');
    expect(trusted.targetOriginFor(otherWindow)).toBeUndefined();
  });

  it('accepts messages from a registered window showing its origin', () => {
    const trusted = new TrustedWindows();
    trusted.add(frameWindow, 'https://bi.example');
    expect(trusted.accepts(frameWindow, 'https://bi.example')).toBe(true);
    expect(trusted.accepts(frameWindow, 'https://evil.example')).toBe(false);
    expect(trusted.accepts(otherWindow, 'https://bi.example')).toBe(false);
    expect(trusted.accepts(null, 'https://bi.example')).toBe(false);
  });

  it('accepts any origin for a window registered with "*"', () => {
    const trusted = new TrustedWindows();
    trusted.add(frameWindow, '*');
    expect(trusted.accepts(frameWindow, 'null')).toBe(true);
  });

  it('forgets deleted windows', () => {
    const trusted = new TrustedWindows();
    trusted.add(frameWindow, 'https://bi.example');
    trusted.delete(frameWindow);
    expect(trusted.has(frameWindow)).toBe(false);
    expect(trusted.accepts(frameWindow, 'https://bi.example')).toBe(false);
  });
});

describe('originOf', () => {
  it('gives the origin of absolute URLs and nothing for others', () => {
    expect(originOf('https://app.powerbi.com/reportEmbed?reportId=1')).toBe(
      'https://app.powerbi.com',
    );
    expect(originOf('http://localhost:8081/reportEmbed')).toBe('http://localhost:8081');
    expect(originOf('/reportEmbed')).toBeUndefined();
    expect(originOf('about:blank')).toBeUndefined();
  });
});

describe('createRandomId', () => {
  it('gives 16 hex characters, different every time', () => {
    const ids = new Set(Array.from({ length: 1000 }, createRandomId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});
