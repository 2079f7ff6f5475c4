// Planning board benchmark: the board's data call for a week of 200 persons with 5,000 items.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with a team of 200 persons (members in
//   position order) and 5,000 working tickets of that team planned on them in one week (Monday
//   to Friday, 07:00 to 19:00, one to three hours), plus 300 unplanned tickets.
//   POST mvc/planning/Board for that week and team (the team's rows, the week's bars with their
//   status colour and working-hours flag, the newest 200 unplanned) as the administrator, beside
//   a hand-written floor (Fastify + pg, the SQL anyone would write for the same answer: the
//   members joined to persons, the bars with their status colour, the unplanned tickets, in
//   parallel). p50 of one connection (sequential requests from a process of its own).
//
// Nothing is asserted: the figures are printed, with the ratio engine/floor.
//
// Run: node --import tsx tests/bench/planning-board.bench.ts (BENCH_DURATION=10 for a longer run).
import Fastify from 'fastify';
import pg from 'pg';
import { latency } from './load.ts';
import { planData } from './planning-data.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';
import { portOf } from '../support/listening.ts';

const PERSONS = 200;
const ITEMS = 5_000;
const UNPLANNED = 300;
const SECONDS = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 5;
const WEEK = { From: '2026-12-07T00:00', Till: '2026-12-14T00:00' };
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The floor: the same rows, bars and unplanned tickets, hand-written, in parallel. */
async function startFloor(pool: pg.Pool, team: number) {
  const app = Fastify();
  app.post('/floor/board', async () => {
    const [rows, bars, unplanned] = await Promise.all([
      pool.query(
        `SELECT p.autoid, p.descr, m.team FROM teammembers m JOIN persons p ON p.autoid = m.person
          WHERE m.team = $1 ORDER BY m.position, p.descr LIMIT 2000`,
        [team],
      ),
      pool.query(
        `SELECT t.autoid, t.timestamp, t.startdate, t.enddate, t.assignedperson, t.assignedteam, t.shortdescr,
                s.color, t.outsideworkinghours
           FROM workingtickets t LEFT JOIN workingticketstatuses s ON s.autoid = t.status
          WHERE t.startdate < $1 AND coalesce(t.enddate, t.startdate) >= $2 AND t.assignedperson IS NOT NULL
            AND t.assignedteam = $3 AND t.archive = false
          ORDER BY t.assignedperson, t.startdate, t.autoid LIMIT 25001`,
        [WEEK.Till, WEEK.From, team],
      ),
      pool.query(
        `SELECT t.autoid, t.timestamp, t.shortdescr, t.startdate, t.enddate, t.assignedperson, t.assignedteam
           FROM workingtickets t
          WHERE (t.startdate IS NULL OR t.assignedperson IS NULL) AND t.archive = false
            AND (t.assignedteam = $1 OR t.assignedteam IS NULL)
          ORDER BY t.autoid DESC LIMIT 200`,
        [team],
      ),
    ]);
    return { Rows: rows.rows, Bars: bars.rows, Unplanned: unplanned.rows };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${portOf(app.server)}`, close: () => app.close() };
}

async function main(): Promise<void> {
  const shipped = await startShipped('planning-board');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 8 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    const team = await planData(pool, {
      persons: PERSONS,
      itemsPerWeek: ITEMS,
      weeks: 1,
      unplanned: UNPLANNED,
      monday: WEEK.From.slice(0, 10),
    });
    log(`${PERSONS} persons in a team, ${ITEMS} tickets planned in one week, ${UNPLANNED} unplanned`);
    const { base, headers } = await shipped.listen();
    floor = await startFloor(pool, team);
    const body = { ...WEEK, Team: team };
    const check = await (
      await fetch(`${base}/mvc/planning/Board`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
    const floorCheck = await (await fetch(`${floor.base}/floor/board`, { method: 'POST' })).json();
    log(
      `engine: ${check.Rows?.length} rows, ${check.Bars?.length} bars, ${check.Unplanned?.length} unplanned; ` +
        `floor: ${floorCheck.Rows.length} rows, ${floorCheck.Bars.length} bars, ${floorCheck.Unplanned.length} unplanned`,
    );
    const engineP50 = await latency(`${base}/mvc/planning/Board`, { headers, body, seconds: SECONDS });
    const floorP50 = await latency(`${floor.base}/floor/board`, { body: {}, seconds: SECONDS });
    printTable(
      ['call', 'p50 ms', 'requests', 'failures', 'vs floor'],
      [
        [
          'engine: POST mvc/planning/Board (week, 200 persons)',
          engineP50.p50.toFixed(1),
          String(engineP50.n),
          String(engineP50.failures),
          `${(engineP50.p50 / floorP50.p50).toFixed(2)}x`,
        ],
        [
          'floor: hand-written SQL, in parallel',
          floorP50.p50.toFixed(1),
          String(floorP50.n),
          String(floorP50.failures),
          '1.00x',
        ],
      ],
    );
  } finally {
    await floor?.close();
    await pool.end();
    await shipped.close();
  }
}

await main();
