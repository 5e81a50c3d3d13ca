import { DateTime } from 'luxon';
import type { SubscriptionSchedule } from '@vitrina/contracts';

/** When a subscription may run: its schedule and the local days it starts and ends. */
export interface ScheduleWindow {
  schedule: SubscriptionSchedule;
  /** First local day (YYYY-MM-DD, in the schedule's zone). */
  startDate: string;
  /** Last local day, inclusive; none runs on. */
  endDate?: string;
}

/** Longest stretch searched for a day that matches (a monthly day 31 matches within 2 months). */
const searchDays = 400;

/** True when the local day `day` is one the schedule sends on. */
function sendsOn(schedule: SubscriptionSchedule, day: DateTime): boolean {
  const days = schedule.days ?? [];
  switch (schedule.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return days.includes(day.weekday);
    case 'monthly':
      // Day 31 in a 30-day month is its last day: once a month, every month.
      return day.day === Math.min(days[0] ?? 1, day.daysInMonth ?? 31);
    case 'afterRefresh':
      // Sent when its dataset is refreshed (subscription-refreshes.ts), never at a time.
      return false;
  }
}

/**
 * The first send strictly after `after`, or undefined when the window has ended. Each local day
 * has at most one send: the zone's rules (luxon, the IANA database) turn the day's `time` into
 * one instant. On the day clocks go forward past `time` it is sent after the gap (00:30 becomes
 * 01:30); on the day they go back it is sent once, at the first of the two 23:30s. So a change of
 * daylight-saving time neither skips nor repeats a day (decision 0254).
 */
export function nextOccurrence(window: ScheduleWindow, after: Date): Date | undefined {
  const { schedule } = window;
  if (schedule.time === undefined) return undefined;
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const zone = schedule.timeZone;
  const start = DateTime.fromISO(window.startDate, { zone });
  const end = window.endDate ? DateTime.fromISO(window.endDate, { zone }) : undefined;
  const from = DateTime.fromJSDate(after, { zone }).startOf('day');
  let day = from < start ? start : from;
  for (let i = 0; i < searchDays; i += 1, day = day.plus({ days: 1 })) {
    if (end && day > end) return undefined;
    if (!sendsOn(schedule, day)) continue;
    const at = DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, hour, minute },
      { zone },
    );
    if (at.toMillis() > after.getTime()) return at.toJSDate();
  }
  return undefined;
}

/** Whether `at` falls on a local day of the window (a refresh outside it sends nothing). */
export function withinWindow(window: ScheduleWindow, at: Date): boolean {
  const day = localDate(at, window.schedule.timeZone);
  return day >= window.startDate && (window.endDate === undefined || day <= window.endDate);
}

/** The local day `at` falls on in `zone` (YYYY-MM-DD): a new subscription starts today. */
export function localDate(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toISODate() ?? '';
}

/**
 * A scheduled send that starts more than this after its time ran late (the portal was down or
 * busy then): it is sent once and marked so, and the next one follows the schedule from now.
 */
export const lateAfterMs = 5 * 60_000;
