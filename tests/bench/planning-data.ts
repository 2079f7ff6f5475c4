// The planning benchmarks' data: a team of persons (members in position order) with working tickets
// planned on them, Monday to Friday between 07:00 and 19:00 for one to three hours, from a Monday
// over a number of weeks, and unplanned tickets of the team. Written straight into the tables.
import type pg from 'pg';

export interface PlanData {
  persons: number;
  /** Tickets planned in each week. */
  itemsPerWeek: number;
  weeks: number;
  unplanned: number;
  /** The first Monday, `YYYY-MM-DD`. */
  monday: string;
}

/** Writes the team, its members and the tickets; answers the team's AutoID. */
export async function planData(pool: pg.Pool, d: PlanData): Promise<number> {
  const one = async (sql: string, params: unknown[] = []) =>
    Number((await pool.query<{ autoid: string }>(sql, params)).rows[0].autoid);
  const status = await one('SELECT min(autoid) AS autoid FROM personstatuses');
  const days = await one(
    `INSERT INTO workabledays (id, descr, monday, tuesday, wednesday, thursday, friday)
     VALUES ('BENCH-WD', 'Bench werkdagen', true, true, true, true, true) RETURNING autoid`,
  );
  const hours = await one(
    `INSERT INTO workhourplans (id, descr, starttime, endtime) VALUES ('BENCH-WU', 'Bench werktijden', '08:00', '17:00') RETURNING autoid`,
  );
  const team = await one(
    `INSERT INTO teams (id, descr, workdays, workhourplan) VALUES ('BENCH', 'Benchteam', $1, $2) RETURNING autoid`,
    [days, hours],
  );
  const persons = (
    await pool.query<{ autoid: string }>(
      `INSERT INTO persons (lastname, descr, status)
       SELECT 'Monteur ' || lpad(g::text, 3, '0'), 'Monteur ' || lpad(g::text, 3, '0'), $2 FROM generate_series(1, $1::int) g
       RETURNING autoid`,
      [d.persons, status],
    )
  ).rows.map((r) => Number(r.autoid));
  await pool.query(
    `INSERT INTO teammembers (team, person, position) SELECT $1, p, row_number() OVER () FROM unnest($2::bigint[]) p`,
    [team, persons],
  );
  const ticketStatus = await one('SELECT min(autoid) AS autoid FROM workingticketstatuses');
  await pool.query(
    `INSERT INTO workingtickets (id, shortdescr, status, assignedteam, assignedperson, startdate, enddate, outsideworkinghours)
     SELECT 'BENCH-' || lpad(g::text, 6, '0'), 'Klus ' || g, $1, $2, ($3::bigint[])[1 + g % $4],
            s, s + ((1 + g % 3) || ' hours')::interval, extract(hour FROM s) >= 17 OR extract(hour FROM s) < 8
       FROM generate_series(1, $5::int) g
       CROSS JOIN LATERAL (SELECT $6::timestamp + ((((g - 1) / $7::int) * 7 + g % 5) || ' days')::interval
                                  + ((7 + (g * 7) % 12) || ' hours')::interval AS s) x`,
    [ticketStatus, team, persons, d.persons, d.itemsPerWeek * d.weeks, `${d.monday} 00:00`, d.itemsPerWeek],
  );
  await pool.query(
    `INSERT INTO workingtickets (id, shortdescr, status, assignedteam)
     SELECT 'BENCH-U-' || lpad(g::text, 6, '0'), 'Open klus ' || g, $1, $2 FROM generate_series(1, $3::int) g`,
    [ticketStatus, team, d.unplanned],
  );
  await pool.query('ANALYZE workingtickets; ANALYZE teammembers; ANALYZE persons');
  return team;
}
