// Inspections benchmark: what the nightly run costs that makes the due inspections of object
// inspection schedules.
//
// What is measured
//   The engine runs the base pack. SCHEDULES object inspection schedules (each on an object of its
//   own, active, started yesterday, a yearly cycle, never run, so each is due once) are put in the
//   database directly (their making is not measured).
//   (a) The scheduled-actions task, as the nightly schedule runs it: per due schedule Keuring maken
//       makes an inspection through the write pipeline (its checks, among them one inspection per
//       schedule and run date, its computed fields and totals), and the schedule's last run, next
//       run and count follow; rounds of 5,000 until nothing is due.
//   Beside it a hand-written set-based floor over another SCHEDULES schedules, in one transaction:
//   the inspections as one INSERT … SELECT, and the schedules' last run, next run and count as one
//   UPDATE … FROM.
//   Both sides are checked: one inspection per schedule, dated its start, and no schedule due after.
//
// Nothing is asserted: the figures are printed, with the ratio.
//
// Run: node --import tsx tests/bench/inspections.bench.ts (SCHEDULES=… to change the number of
// schedules, 10,000 by default).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { runScheduledActions } from '../support/scheduled.ts';
import { printTable } from './table.ts';

const SCHEDULES = Number(process.env.SCHEDULES) > 0 ? Number(process.env.SCHEDULES) : 10_000;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** SCHEDULES due schedules, each on a new object whose ID starts with `mark`; answers their AutoIDs. */
async function dueSchedules(pool: pg.Pool, mark: string): Promise<number[]> {
  await pool.query(
    `INSERT INTO objects (id, descr, objecttype, uniqueitem, quantity, inspectionstate)
     SELECT $1 || lpad(g::text, 6, '0'), 'Bench object ' || g, t.autoid, true, 1, 'nostate'
       FROM generate_series(1, $2::int) g
       CROSS JOIN (SELECT autoid FROM objecttypes WHERE id = 'BENCH') t`,
    [mark, SCHEDULES],
  );
  return (
    await pool.query<{ autoid: string }>(
      `INSERT INTO objectmischedules (object, descr, miplan, active, startdate, planmode, repeatcycle, skipcount,
              validityperiod, validitycalculation, autocreateworkflowitem, nextrun, inspectioncount)
       SELECT o.autoid, 'Jaarlijkse keuring', p.autoid, true, current_date - 1, 'fixed', 12, 0, 12, 'inspectiondate',
              false, current_date - 1, 0
         FROM objects o CROSS JOIN (SELECT autoid FROM miplans WHERE id = 'BENCH') p
        WHERE o.id LIKE $1 || '%'
        ORDER BY o.autoid
       RETURNING autoid`,
      [mark],
    )
  ).rows.map((r) => Number(r.autoid));
}

/** The floor: the same inspections and schedule advances, set-based and by hand. */
async function floor(pool: pg.Pool, schedules: number[]): Promise<number> {
  const client = await pool.connect();
  const t0 = performance.now();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO inspections (descr, object, schedule, miplan, status, result, planneddate, validityperiod, inspector,
              company, questioncount, openmandatoryquestions, deviations, measurementcount, failedmeasurements,
              finalresult, createdby, modifiedby)
       SELECT s.descr, s.object, s.autoid, s.miplan, 0, '0', s.nextrun, s.validityperiod, s.inspector, s.company,
              0, 0, 0, 0, 0, '0', 'system', 'system'
         FROM objectmischedules s
        WHERE s.autoid = ANY($1::bigint[]) AND s.active AND s.nextrun <= current_date
          AND (s.enddate IS NULL OR s.nextrun <= s.enddate)`,
      [schedules],
    );
    await client.query(
      `UPDATE objectmischedules s SET lastrun = i.last, inspectioncount = i.n,
              nextrun = (i.last + make_interval(months => s.repeatcycle * (s.skipcount + 1)))::date
         FROM (SELECT schedule, max(planneddate) AS last, count(*) AS n FROM inspections
                WHERE schedule = ANY($1::bigint[]) GROUP BY schedule) i
        WHERE s.autoid = i.schedule`,
      [schedules],
    );
    await client.query('COMMIT');
    return performance.now() - t0;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

/** Each schedule has one inspection dated yesterday and is due no more. */
async function check(pool: pg.Pool, schedules: number[], side: string): Promise<void> {
  const { rows } = await pool.query<{ made: string; wrong: string; due: string }>(
    `SELECT (SELECT count(*) FROM inspections WHERE schedule = ANY($1::bigint[])) AS made,
            (SELECT count(*) FROM inspections WHERE schedule = ANY($1::bigint[]) AND planneddate <> current_date - 1) AS wrong,
            (SELECT count(*) FROM objectmischedules WHERE autoid = ANY($1::bigint[]) AND nextrun <= current_date) AS due`,
    [schedules],
  );
  const { made, wrong, due } = rows[0];
  if (schedules.length !== SCHEDULES || Number(made) !== SCHEDULES || Number(wrong) || Number(due))
    throw new Error(
      `${side}: ${made} inspections for ${schedules.length} schedules, ${wrong} misdated, ${due} still due`,
    );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'inspections-bench-'));
chmodSync(dataDir, 0o755);
const engine = await startEngine({
  ...configFromEnv(),
  logLevel: 'warn',
  dataDir,
  packs: ['base'],
  // No background worker: the task runs here, once, as measured.
  workers: 0,
  embeddedPgPort: await freePort(),
  adminPassword: 'Bench-admin-1',
});
try {
  const pool = engine.pool;
  await pool.query(`INSERT INTO objecttypes (id, descr) VALUES ('BENCH', 'Bench')`);
  await pool.query(`INSERT INTO miplans (id, descr) VALUES ('BENCH', 'Bench')`);
  log(`${SCHEDULES} schedules for the engine…`);
  const engineSide = await dueSchedules(pool, 'E-');
  await pool.query('ANALYZE');
  const t0 = performance.now();
  const said = await runScheduledActions(engine);
  const engineMs = performance.now() - t0;
  log(said);
  await check(pool, engineSide, 'engine');
  log(`${SCHEDULES} schedules for the floor…`);
  const floorSide = await dueSchedules(pool, 'F-');
  await pool.query('ANALYZE');
  const floorMs = await floor(pool, floorSide);
  await check(pool, floorSide, 'floor');
  const rate = (ms: number) => `${Math.round(SCHEDULES / (ms / 1000))}/s`;
  printTable(
    ['inspections', 'side', 'ms', 'inspections/s'],
    [
      [String(SCHEDULES), 'engine (scheduled-actions)', engineMs.toFixed(0), rate(engineMs)],
      [String(SCHEDULES), 'hand-written SQL floor', floorMs.toFixed(0), rate(floorMs)],
    ],
  );
  console.log(`engine/floor throughput: ${(floorMs / engineMs).toFixed(3)}×`);
} finally {
  await engine.close();
  rmSync(dataDir, { recursive: true, force: true });
}
