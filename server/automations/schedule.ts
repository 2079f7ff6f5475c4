// Scheduled triggers: an interval in minutes or a cron expression (the presets of spec 3 §9 are
// cron expressions; a preset of two moments joins them with `|`). A trigger is due when its next
// moment after its last start (or after it was made) has passed.
import { CronExpressionParser } from 'cron-parser';

/** The next moment after `from`, or null when the schedule says none (or cannot be read). */
export function nextMoment(
  schedule: { cron: string | null; intervalMinutes: number | null },
  from: Date,
  tz = 'Europe/Amsterdam',
): Date | null {
  if (schedule.intervalMinutes && schedule.intervalMinutes > 0)
    return new Date(from.getTime() + schedule.intervalMinutes * 60_000);
  if (!schedule.cron) return null;
  let next: Date | null = null;
  for (const part of schedule.cron.split('|')) {
    try {
      const at = CronExpressionParser.parse(part.trim(), { currentDate: from, tz }).next().toDate();
      if (!next || at < next) next = at;
    } catch {
      // An expression that cannot be read schedules nothing.
    }
  }
  return next;
}

/** Whether a cron expression (or preset) can be read. */
export const validCron = (cron: string): boolean => nextMoment({ cron, intervalMinutes: null }, new Date()) !== null;
