import type { SubscriptionSchedule } from '@vitrina/contracts';
import type { ScheduleWindow } from './schedule.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';

/** The schedule as the API spells it, from its columns (no time after each refresh). */
export function scheduleOf(row: SubscriptionRow): SubscriptionSchedule {
  const days = JSON.parse(row.days) as number[];
  return {
    frequency: row.frequency,
    ...(row.time ? { time: row.time } : {}),
    timeZone: row.time_zone,
    ...(days.length > 0 ? { days } : {}),
  };
}

/** When the subscription may send: its schedule between its first and last local day. */
export function windowOf(row: SubscriptionRow): ScheduleWindow {
  return {
    schedule: scheduleOf(row),
    startDate: row.start_date,
    ...(row.end_date ? { endDate: row.end_date } : {}),
  };
}
