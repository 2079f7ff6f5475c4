// Session statistics (spec 3 §2, §8): per day of a date range, the users who signed in, the
// sign-ins and the failed attempts, from the record every attempt leaves (core_sign_in). The
// range is checked first, each problem with the specification's code: 1004 no date selected,
// 1005 end date before start date, 1002 a date that is none or a range over a year.
import type { Queryable } from '../db/pool.ts';

export interface StatisticsDay {
  Day: string;
  Sessions: number;
  SignIns: number;
  Failures: number;
}

/** The longest range asked at once, in days. */
export const MAX_STATISTICS_DAYS = 366;

export type RangeProblem = 1002 | 1004 | 1005;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const asDate = (text: string): number | null => {
  if (!DATE.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? null : ms;
};

/** What is wrong with a range (a code of the specification), or null. */
export function rangeProblem(from: unknown, to: unknown): RangeProblem | null {
  if (from === undefined || from === null || from === '' || to === undefined || to === null || to === '') return 1004;
  if (typeof from !== 'string' || typeof to !== 'string') return 1002;
  const start = asDate(from.slice(0, 10));
  const end = asDate(to.slice(0, 10));
  if (start === null || end === null) return 1002;
  if (end < start) return 1005;
  if ((end - start) / 86_400_000 + 1 > MAX_STATISTICS_DAYS) return 1002;
  return null;
}

/** Every day from `from` to `to` (both YYYY-MM-DD, checked by rangeProblem), in the database's time zone. */
export async function sessionStatistics(db: Queryable, from: string, to: string): Promise<StatisticsDay[]> {
  const { rows } = await db.query<{ day: string; sessions: string; signins: string; failures: string }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
            count(DISTINCT s.user_id) FILTER (WHERE s.outcome = 'signed-in') AS sessions,
            count(s.id) FILTER (WHERE s.outcome = 'signed-in') AS signins,
            count(s.id) FILTER (WHERE s.outcome <> 'signed-in') AS failures
       FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
       LEFT JOIN core_sign_in s ON s.at >= d.day AND s.at < d.day + interval '1 day'
      GROUP BY d.day ORDER BY d.day`,
    [from.slice(0, 10), to.slice(0, 10)],
  );
  return rows.map((r) => ({
    Day: r.day,
    Sessions: Number(r.sessions),
    SignIns: Number(r.signins),
    Failures: Number(r.failures),
  }));
}
