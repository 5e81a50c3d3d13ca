import { describe, expect, it } from 'vitest';
import { FrontloadEcho } from './frontload-echo.ts';

const config = { id: 'r1', accessToken: 't' };
const frontload = { uid: 'u1', config, frontload: true };
const load = { uid: 'u1', config, frontload: false };

describe('FrontloadEcho', () => {
  it("takes the load that follows /frontload/config with the same config for the SDK's copy", () => {
    const echo = new FrontloadEcho();
    expect(echo.isEcho(frontload, false)).toBe(false);
    expect(echo.isEcho(load, false)).toBe(true);
  });

  it('lets an identical load after the pair run: that is report.reload()', () => {
    const echo = new FrontloadEcho();
    echo.isEcho(frontload, false);
    echo.isEcho(load, false);
    expect(echo.isEcho(load, false)).toBe(false);
    expect(echo.isEcho(load, false)).toBe(false);
  });

  it('pairs the two copies in either order', () => {
    const echo = new FrontloadEcho();
    expect(echo.isEcho(load, false)).toBe(false);
    expect(echo.isEcho(frontload, false)).toBe(true);
  });

  it('runs loads without a front-load, and copies with another uid or config', () => {
    const echo = new FrontloadEcho();
    expect(echo.isEcho(load, false)).toBe(false);
    echo.isEcho(frontload, false);
    expect(echo.isEcho({ ...load, uid: 'u2' }, false)).toBe(false);
    echo.isEcho(frontload, false);
    expect(echo.isEcho({ ...load, config: { ...config, id: 'r2' } }, false)).toBe(false);
  });

  it('runs the copy again when the front-loaded config failed', () => {
    const echo = new FrontloadEcho();
    echo.isEcho(frontload, false);
    expect(echo.isEcho(load, true)).toBe(false);
  });
});
