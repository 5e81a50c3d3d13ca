import { describe, expect, it } from 'vitest';
import { FrontloadEcho } from './frontload-echo.ts';

const config = { id: 'r1', accessToken: 't' };
const frontload = { uid: 'u1', config, frontload: true };
const load = { uid: 'u1', config, frontload: false };

/** What a new FrontloadEcho answers to each of `requests` in turn, none of them after a failure. */
function echoes(...requests: Parameters<FrontloadEcho['isEcho']>[0][]): boolean[] {
  const echo = new FrontloadEcho();
  return requests.map((request) => echo.isEcho(request, false));
}

describe('FrontloadEcho', () => {
  it("takes the load that follows /frontload/config with the same config for the SDK's copy", () => {
    expect(echoes(frontload, load)).toEqual([false, true]);
  });

  it('lets an identical load after the pair run: that is report.reload()', () => {
    expect(echoes(frontload, load, load, load)).toEqual([false, true, false, false]);
  });

  it('pairs the two copies in either order', () => {
    expect(echoes(load, frontload)).toEqual([false, true]);
  });

  it('runs loads without a front-load, and copies with another uid or config', () => {
    const otherUid = { ...load, uid: 'u2' };
    const otherConfig = { ...load, config: { ...config, id: 'r2' } };
    expect(echoes(load, frontload, otherUid, frontload, otherConfig)).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
  });

  it('runs the copy again when the front-loaded config failed', () => {
    const echo = new FrontloadEcho();
    echo.isEcho(frontload, false);
    expect(echo.isEcho(load, true)).toBe(false);
  });
});
