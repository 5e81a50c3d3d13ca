import { describe, expect, it, vi } from 'vitest';
import { trustedFrames } from './frames.ts';
import { isPowerBiOrigin } from './power-bi-origins.ts';

const embedOrigin = 'http://localhost:8081';

describe('trustedFrames (the SDK iframes and their origins)', () => {
  it('posts to the embed URL’s origin and knows nothing of other windows', () => {
    const frame = {};
    trustedFrames.add(frame, embedOrigin);
    expect(trustedFrames.targetOriginFor(frame)).toBe(embedOrigin);
    expect(trustedFrames.targetOriginFor({})).toBeUndefined();
    expect(trustedFrames.admit({}, embedOrigin)).toBeUndefined();
    expect(trustedFrames.admit(null, embedOrigin)).toBeUndefined();
  });

  it('learns an allowed origin the frame is heard from, and posts there afterwards', () => {
    const frame = {};
    trustedFrames.add(frame, embedOrigin, { allowedOrigins: ['http://127.0.0.1:8081'] });
    expect(trustedFrames.admit(frame, 'http://127.0.0.1:8081')).toBe(true);
    expect(trustedFrames.targetOriginFor(frame)).toBe('http://127.0.0.1:8081');
    expect(trustedFrames.admit(frame, 'https://app.powerbi.com')).toBe(true);
    expect(trustedFrames.targetOriginFor(frame)).toBe('https://app.powerbi.com');
  });

  it('refuses an origin that is not allowed, keeps posting to the last allowed one, reports it once', () => {
    const frame = {};
    const onRefused = vi.fn();
    trustedFrames.add(frame, embedOrigin, { onRefused });
    expect(trustedFrames.admit(frame, 'https://evil.example')).toBe(false);
    expect(trustedFrames.admit(frame, 'https://evil.example')).toBe(false);
    expect(trustedFrames.targetOriginFor(frame)).toBe(embedOrigin);
    expect(onRefused.mock.calls).toEqual([['https://evil.example']]);
  });

  it('keeps `*` for a frame whose embed URL had no origin to pin', () => {
    const frame = {};
    trustedFrames.add(frame, '*');
    expect(trustedFrames.admit(frame, 'null')).toBe(true);
    expect(trustedFrames.targetOriginFor(frame)).toBe('*');
  });

  it('forgets a deleted frame', () => {
    const frame = {};
    trustedFrames.add(frame, embedOrigin);
    trustedFrames.delete(frame);
    expect(trustedFrames.targetOriginFor(frame)).toBeUndefined();
    expect(trustedFrames.admit(frame, embedOrigin)).toBeUndefined();
  });
});

describe('isPowerBiOrigin', () => {
  it('knows Power BI’s https hosts and nothing that merely looks like them', () => {
    expect(isPowerBiOrigin('https://app.powerbi.com')).toBe(true);
    expect(isPowerBiOrigin('https://wabi-west-europe.analysis.windows.net')).toBe(true);
    expect(isPowerBiOrigin('https://app.powerbigov.us')).toBe(true);
    expect(isPowerBiOrigin('https://app.powerbi.com:8443')).toBe(false);
    expect(isPowerBiOrigin('http://app.powerbi.com')).toBe(false);
    expect(isPowerBiOrigin('https://evilpowerbi.com')).toBe(false);
    expect(isPowerBiOrigin('https://app.powerbi.com.evil.example')).toBe(false);
  });
});
