import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { createAccessTokens } from '../../src/plugins/access-tokens.ts';

const key = randomBytes(32);
const clock = manualClock();
const tokens = createAccessTokens(key, 900, clock);
const now = Math.floor(clock.now().getTime() / 1000);

const complete = {
  sub: '7',
  sid: 'familia',
  iss: 'vitrina',
  aud: 'vitrina-portal',
  iat: now,
  exp: now + 900,
};

function signed(claims: Record<string, unknown>, signingKey: Uint8Array = key) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(signingKey);
}

/** Every claim the portal relies on is required; jose alone would accept a token without `exp`. */
describe('access token claims', () => {
  it('accepts a complete token and reads user and session from it', async () => {
    expect(await tokens.verify(await signed(complete))).toEqual({
      userId: 7,
      sessionId: 'familia',
    });
    const issued = await tokens.sign({ userId: 3, sessionId: 's-1' });
    expect(await tokens.verify(issued)).toEqual({ userId: 3, sessionId: 's-1' });
  });

  it.each(['exp', 'iat', 'iss', 'aud', 'sub', 'sid'])(
    'refuses a token without %s',
    async (claim) => {
      const { [claim as keyof typeof complete]: _dropped, ...rest } = complete;
      expect(await tokens.verify(await signed(rest))).toBeNull();
    },
  );

  it('refuses a foreign issuer or audience, another key, and an expired token', async () => {
    expect(await tokens.verify(await signed({ ...complete, iss: 'otro' }))).toBeNull();
    expect(await tokens.verify(await signed({ ...complete, aud: 'bi' }))).toBeNull();
    expect(await tokens.verify(await signed(complete, randomBytes(32)))).toBeNull();
    expect(await tokens.verify(await signed({ ...complete, exp: now - 1 }))).toBeNull();
  });
});

/** Verified tokens are remembered (decision 0155); memory must not stretch what a token grants. */
describe('remembered access tokens', () => {
  it('still expire on the clock once remembered', async () => {
    const movingClock = manualClock();
    const remembering = createAccessTokens(key, 900, movingClock);
    const token = await remembering.sign({ userId: 5, sessionId: 's-5' });
    expect(await remembering.verify(token)).toEqual({ userId: 5, sessionId: 's-5' });
    movingClock.advance(899_000);
    expect(await remembering.verify(token)).toEqual({ userId: 5, sessionId: 's-5' });
    movingClock.advance(1_000);
    expect(await remembering.verify(token)).toBeNull();
  });

  it('answer only the exact token that verified, not one with a changed signature', async () => {
    const token = await tokens.sign({ userId: 9, sessionId: 's-9' });
    expect(await tokens.verify(token)).toEqual({ userId: 9, sessionId: 's-9' });
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from(randomBytes(32)).toString('base64url')}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(token)).toEqual({ userId: 9, sessionId: 's-9' });
  });
});
