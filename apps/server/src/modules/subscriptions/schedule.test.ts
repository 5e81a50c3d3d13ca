import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { SubscriptionSchedule } from '@vitrina/contracts';
import { localDate, nextOccurrence, type ScheduleWindow } from './schedule.ts';

const santiago = 'America/Santiago';

/** Every send from `from` (exclusive) up to `until`, following the schedule as the queue does. */
function sends(window: ScheduleWindow, from: string, until: string): DateTime[] {
  const out: DateTime[] = [];
  let after = new Date(from);
  for (;;) {
    const next = nextOccurrence(window, after);
    if (!next || next >= new Date(until)) return out;
    out.push(DateTime.fromJSDate(next, { zone: window.schedule.timeZone }));
    after = next;
  }
}
const daily = (time: string, timeZone = santiago): SubscriptionSchedule => ({
  frequency: 'daily',
  time,
  timeZone,
});
const local = (dates: DateTime[]) => dates.map((d) => d.toFormat('yyyy-MM-dd HH:mm'));

describe('next occurrence of a schedule', () => {
  it('sends once per day at 08:00 across both daylight-saving changes in America/Santiago', () => {
    for (const [from, until] of [
      ['2026-04-02T00:00:00Z', '2026-04-08T00:00:00Z'],
      ['2026-09-03T00:00:00Z', '2026-09-09T00:00:00Z'],
    ] as const) {
      const got = sends({ schedule: daily('08:00'), startDate: '2026-01-01' }, from, until);
      expect(got).toHaveLength(6);
      expect(got.every((d) => d.toFormat('HH:mm') === '08:00')).toBe(true);
      expect(new Set(got.map((d) => d.toISODate())).size).toBe(6);
    }
  });

  /** Daily sends at `time` over the four local days from `firstDay` across a change of time. */
  function acrossChange(time: string, firstDay: string) {
    const from = DateTime.fromISO(firstDay, { zone: santiago }).startOf('day');
    const got = sends(
      { schedule: daily(time), startDate: '2026-01-01' },
      from.toUTC().toISO()!,
      from.plus({ days: 4 }).toUTC().toISO()!,
    );
    return { local: local(got), hours: got.slice(1).map((d, i) => d.diff(got[i]!, 'hours').hours) };
  }

  it('sends a time inside the spring-forward gap once, after the gap', () => {
    // 2026-09-06 00:00 does not exist in Santiago: clocks jump to 01:00.
    expect(acrossChange('00:30', '2026-09-05')).toEqual({
      local: ['2026-09-05 00:30', '2026-09-06 01:30', '2026-09-07 00:30', '2026-09-08 00:30'],
      hours: [24, 23, 24],
    });
  });

  it('sends a time that happens twice on the fall-back night only once', () => {
    // On 2026-04-04 at 24:00 clocks go back to 23:00: 23:30 happens twice that night.
    const { local: days, hours } = acrossChange('23:30', '2026-04-03');
    expect(days).toEqual([
      '2026-04-03 23:30',
      '2026-04-04 23:30',
      '2026-04-05 23:30',
      '2026-04-06 23:30',
    ]);
    expect(hours).toEqual([24, 25, 24]);
  });

  it('sends weekly on the chosen days only', () => {
    const got = sends(
      {
        schedule: { frequency: 'weekly', time: '08:15', timeZone: 'America/Lima', days: [1, 5] },
        startDate: '2026-01-01',
      },
      '2026-03-01T00:00:00Z',
      '2026-03-15T00:00:00Z',
    );
    expect(local(got)).toEqual([
      '2026-03-02 08:15',
      '2026-03-06 08:15',
      '2026-03-09 08:15',
      '2026-03-13 08:15',
    ]);
    // Lima has no daylight-saving time: 08:15 is always 13:15 UTC.
    expect(got.every((d) => d.toUTC().toFormat('HH:mm') === '13:15')).toBe(true);
  });

  it('sends monthly on the day, on the last day of shorter months', () => {
    const got = sends(
      {
        schedule: { frequency: 'monthly', time: '07:00', timeZone: 'America/Lima', days: [31] },
        startDate: '2026-01-01',
      },
      '2026-01-01T00:00:00Z',
      '2026-05-01T00:00:00Z',
    );
    expect(got.map((d) => d.toISODate())).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('starts on the start date and stops after the end date', () => {
    const window = {
      schedule: daily('09:00', 'UTC'),
      startDate: '2026-05-10',
      endDate: '2026-05-12',
    };
    expect(local(sends(window, '2026-05-01T00:00:00Z', '2026-06-01T00:00:00Z'))).toEqual([
      '2026-05-10 09:00',
      '2026-05-11 09:00',
      '2026-05-12 09:00',
    ]);
    expect(nextOccurrence(window, new Date('2026-05-12T09:00:00Z'))).toBeUndefined();
  });

  it('after a long outage, the next send is the next one from now, not each missed day', () => {
    const window = { schedule: daily('08:00', 'UTC'), startDate: '2026-01-01' };
    const back = new Date('2026-03-10T12:00:00Z');
    expect(nextOccurrence(window, back)?.toISOString()).toBe('2026-03-11T08:00:00.000Z');
  });

  it("tells the local day of an instant in the schedule's zone", () => {
    expect(localDate(new Date('2026-03-02T03:00:00Z'), 'America/Lima')).toBe('2026-03-01');
  });
});
