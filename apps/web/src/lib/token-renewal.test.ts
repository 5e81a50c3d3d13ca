import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { keepTokenFresh, REFRESH_LEAD_MS, refreshDelay } from './token-renewal.ts';

const NOW = Date.parse('2026-01-01T10:00:00Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('token renewal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews the embed token ahead of its expiry, never in a tight loop', () => {
    expect(refreshDelay('2026-01-01T11:00:00Z', NOW)).toBe(60 * 60_000 - REFRESH_LEAD_MS);
    expect(refreshDelay('2026-01-01T10:00:30Z', NOW)).toBe(10_000);
    expect(refreshDelay('not a date', NOW)).toBe(10_000);
  });

  it('sets each renewed token in place, asking the current source every time', async () => {
    vi.useFakeTimers({ now: NOW });
    const set: string[] = [];
    const embed = { setAccessToken: async (token: string) => void set.push(token) };
    let source = async () => ({ accessToken: 'create-2', expiration: inMinutes(20) });
    const stop = keepTokenFresh(embed, inMinutes(10), {
      source: () => source(),
      onRevoked: () => {},
    });
    await vi.advanceTimersByTimeAsync(8 * 60_000 - 1);
    expect(set).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(set).toEqual(['create-2']);
    // After the report exists, renewals come from its Edit route.
    source = async () => ({ accessToken: 'edit-1', expiration: inMinutes(40) });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(set).toEqual(['create-2', 'edit-1']);
    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(set).toEqual(['create-2', 'edit-1']);
  });

  it('retries a failed renewal and stops on a 403 (access revoked)', async () => {
    vi.useFakeTimers({ now: NOW });
    const revoked: number[] = [];
    let calls = 0;
    const source = async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      throw new ApiError(403, 'forbidden', 'Acceso denegado');
    };
    keepTokenFresh({ setAccessToken: async () => {} }, inMinutes(3), {
      source,
      onRevoked: (error) => revoked.push(error.status),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect([calls, revoked]).toEqual([1, []]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect([calls, revoked]).toEqual([2, [403]]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toBe(2);
  });
});
