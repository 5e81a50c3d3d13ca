/** When a Power BI refresh schedule is due: its days and half-hour times, in its own time zone. */
import type { RefreshSchedule } from '@vitrina/bi-model';

/**
 * The slot (`YYYY-MM-DD HH:MM`, local) that `now` falls in when the schedule names it, else
 * undefined. Times are on the hour or the half hour, so a slot lasts thirty minutes: a check every
 * minute finds it, and remembering the slot runs it once.
 */
export function dueSlot(schedule: RefreshSchedule, now: Date): string | undefined {
  if (!schedule.enabled) return undefined;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: schedule.localTimeZoneId,
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts['hour']}:${Number(parts['minute']) < 30 ? '00' : '30'}`;
  const day = parts['weekday'] as RefreshSchedule['days'][number];
  if (!schedule.days.includes(day) || !schedule.times.includes(time)) return undefined;
  return `${parts['year']}-${parts['month']}-${parts['day']} ${time}`;
}
