// Service benchmark: the workflow items grid, an item's detail and the hours per week at size.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with generated service work
//   (tools/generate-service.ts): SERVICE_ITEMS workflow items (default 1,000,000) with
//   SERVICE_HOURS_PER_ITEM hour registrations each (default 2), over 200 technicians. The
//   generation time is printed.
//   (a) The workflow items grid with the data set Open and its sort (ID desc, the start page),
//       without and with a search word (1 in 200 items), beside the grid floor (grid-floor.ts).
//   (b) Opening an item's detail: GetForm, GetItem and the first page of its Uren tab, p50 of one
//       connection each, beside a hand-written floor (the form as a stored answer, the item and
//       its hours with the texts of their list fields, the hours' page and count in parallel).
//   (c) Hours per week of the 200 technicians for one week: the Uren per week screen's summary
//       (GetSummaryData: per person and ISO week the sums of hours and amount and the count, the
//       totals over all groups) with a filter on the week (Week tot en met), sorted by person,
//       beside a hand-written aggregate query of the same groups, sums, page and totals.
//   Throughput from autocannon in a process of its own (16 connections), p50 from sequential
//   requests of a process of its own.
//
// Nothing is asserted: the figures are printed, with the ratios engine/floor.
//
// Run: node --import tsx tests/bench/service.bench.ts (BENCH_DURATION=5 for a short run).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pg from 'pg';
import { generateService } from '../../tools/generate-service.ts';
import { GRID_COLUMNS, type GridCase, measureGrid, startFloor as startGridFloor } from './grid-floor.ts';
import { latency, load } from './load.ts';
import { SHIPPED_PACKS_DIR, startShipped } from './shipped.ts';
import { printTable } from './table.ts';
import { portOf } from '../support/listening.ts';

const ITEMS = Number(process.env.SERVICE_ITEMS) > 0 ? Number(process.env.SERVICE_ITEMS) : 1_000_000;
// 10 per item (10,000,000 hours) took about 16 minutes to generate here on 2 loaded cores: the
// default is 2 (2,000,000 hours, about 5 minutes); SERVICE_HOURS_PER_ITEM=10 for the full size.
const HOURS_PER_ITEM = Number(process.env.SERVICE_HOURS_PER_ITEM) > 0 ? Number(process.env.SERVICE_HOURS_PER_ITEM) : 2;
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
// The floor counts ~700,000 open items at every call: enough seconds for its 20 warm-up calls and samples.
const LATENCY_S = Math.max(8, Math.round(DURATION_S / 2));
const CONNECTIONS = 16;
const SEARCH_WORD = 'kador';
const log = (line: string) => process.stderr.write(`${line}\n`);
/** A median for the table: a call too slow to finish its warm-up in the time given has none. */
const ms = (p50: number | null) => (p50 === null || Number.isNaN(p50) ? 'n/a' : p50.toFixed(2));

/** The texts of a table's list fields as scalar subqueries, as the floor answers them. */
const texts = (alias: string, lists: [string, string, string][]) =>
  lists
    .map(([col, table, text]) => `(SELECT ${text} FROM ${table} WHERE autoid = ${alias}.${col}) AS ${col}_descr`)
    .join(', ');
/** Every list field of a shipped table with its list's table and text column, as the engine answers them. */
function listsOf(table: string): [string, string, string][] {
  const read = (
    name: string,
  ): { fields: { name: string; type: string; list?: string }[]; displayFields?: string[] } => {
    const file = ['base', 'core']
      .map((pack) => path.join(SHIPPED_PACKS_DIR, pack, 'tables', `${name}.json`))
      .find((f) => existsSync(f));
    if (!file) throw new Error(`no table ${name}`);
    return JSON.parse(readFileSync(file, 'utf8'));
  };
  return read(table).fields.flatMap(({ name, type, list }) =>
    type === 'list' && list
      ? [[name.toLowerCase(), list, (read(list).displayFields?.[0] ?? 'Descr').toLowerCase()]]
      : [],
  );
}
const ITEM_LISTS = listsOf('workflows');
const HOUR_LISTS = listsOf('hourregistrations');

/** The floor of the detail (b) and of the hours per week (c). */
async function startFloor(pool: pg.Pool, form: string) {
  const app = Fastify();
  app.get('/floor/form', async (_request, reply) => reply.type('application/json').send(form));
  app.post<{ Body: { autoid: number } }>(
    '/floor/item',
    async (request) =>
      (
        await pool.query(`SELECT t.*, ${texts('t', ITEM_LISTS)} FROM workflows t WHERE t.autoid = $1`, [
          request.body.autoid,
        ])
      ).rows[0],
  );
  app.post<{ Body: { workflow: number } }>('/floor/hours', async (request) => {
    const [rows, count] = await Promise.all([
      pool.query(
        `SELECT t.*, ${texts('t', HOUR_LISTS)} FROM hourregistrations t WHERE t.workflow = $1
          ORDER BY t.date DESC, t.autoid LIMIT 35`,
        [request.body.workflow],
      ),
      pool.query('SELECT count(*) AS n FROM hourregistrations WHERE workflow = $1', [request.body.workflow]),
    ]);
    return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
  });
  // The hand-written aggregate: a week's registrations per person and ISO week with their hours,
  // amount and count, a page by the person's name, and the totals over all groups beside it.
  app.post<{ Body: { week: string } }>('/floor/week', async (request) => {
    const [rows, totals] = await Promise.all([
      pool.query(
        `SELECT h.person, p.descr AS person_descr, date_trunc('week', h.date)::date AS week, sum(h.duration) AS hours,
          sum(h.amount) AS amount, count(*) AS n FROM hourregistrations h JOIN persons p ON p.autoid = h.person
          WHERE h.weekend = $1 GROUP BY h.person, p.descr, 3 ORDER BY p.descr, h.person, 3 LIMIT 35`,
        [request.body.week],
      ),
      pool.query(
        `SELECT count(DISTINCT (person, date_trunc('week', date))) AS groups, sum(duration) AS hours,
          sum(amount) AS amount, count(*) AS n FROM hourregistrations WHERE weekend = $1`,
        [request.body.week],
      ),
    ]);
    return { Data: rows.rows, Meta: { Count: Number(totals.rows[0].groups), Totals: totals.rows[0] } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${portOf(app.server)}`, close: () => app.close() };
}

/** The plan's scan nodes and execution time of a statement, for the printed notes. */
async function plan(pool: pg.Pool, sql: string, params: unknown[]): Promise<string> {
  const answer = await pool.query<{ 'QUERY PLAN': [{ Plan: unknown; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
    params,
  );
  const [top] = answer.rows[0]['QUERY PLAN'];
  const scans = [...JSON.stringify(top.Plan).matchAll(/"Node Type":"([^"]*Scan)"[^}]*?"Relation Name":"([^"]+)"/g)]
    .map((m) => `${m[1]} on ${m[2]}`)
    .filter((s, i, all) => all.indexOf(s) === i);
  return `${scans.join(', ')}; ${top['Execution Time'].toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const shipped = await startShipped('service');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 20 });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  let gridFloor: Awaited<ReturnType<typeof startGridFloor>> | undefined;
  try {
    log(`generating ${ITEMS.toLocaleString('en')} workflow items with ${HOURS_PER_ITEM} hours each...`);
    const t0 = performance.now();
    await generateService(pool, ITEMS, log, HOURS_PER_ITEM);
    const generated = (performance.now() - t0) / 1000;
    const counted = (
      await pool.query('SELECT (SELECT count(*) FROM workflows) AS w, (SELECT count(*) FROM hourregistrations) AS h')
    ).rows[0];
    const { base, headers } = await shipped.listen();

    // (a) the grid
    const open = 't.archive = false AND t.finished = false';
    const search = `(t.id ILIKE $1 OR t.shortdescr ILIKE $1 OR t.searchtags ILIKE $1 OR t.reference ILIKE $1)`;
    const cases: GridCase[] = [
      {
        name: '(a) workflow items: Open, sort ID desc',
        url: 'mvc/workflows/GetFlexData',
        body: { dataSet: 'open', pageSize: 35 },
        table: 'workflows',
        where: `${open} AND $1 = ''`,
        order: 't.id DESC, t.autoid',
        param: '',
        listTexts: 'subquery',
      },
      {
        name: `(a) workflow items: Open, search '${SEARCH_WORD}'`,
        url: 'mvc/workflows/GetFlexData',
        body: { dataSet: 'open', searchExpressions: SEARCH_WORD, pageSize: 35 },
        table: 'workflows',
        where: `${open} AND ${search}`,
        order: 't.id DESC, t.autoid',
        param: `%${SEARCH_WORD}%`,
        listTexts: 'subquery',
      },
    ];
    const gridRows: string[][] = [];
    for (const c of cases) {
      gridFloor = await startGridFloor(pool, [c]);
      const measured = await measureGrid(c, {
        base,
        headers,
        floorBase: gridFloor.base,
        connections: CONNECTIONS,
        seconds: DURATION_S,
        latencySeconds: LATENCY_S,
        log,
      }).catch((err: Error) => [c.name, `failed: ${err.message}`]);
      log(measured.join(' | '));
      gridRows.push(measured);
      await gridFloor.close();
      gridFloor = undefined;
    }

    // (b) the detail and (c) the hours per week
    const item = Number(
      (await pool.query(`SELECT autoid FROM workflows WHERE id = $1`, [`GWF-${String(ITEMS >> 1).padStart(7, '0')}`]))
        .rows[0].autoid,
    );
    const week = String(
      (
        await pool.query(
          `SELECT to_char(max(weekend) - 7, 'YYYY-MM-DD') AS w FROM hourregistrations WHERE createdby = 'generator'`,
        )
      ).rows[0].w,
    );
    const form = await (await fetch(`${base}/mvc/workflows/GetForm`, { headers })).text();
    floor = await startFloor(pool, form);
    const weekBody = {
      summary: 'perweek',
      dataFilter: [{ FieldName: 'WeekEnd', Operator: '=', Value: week }],
      order: 'Person asc',
      pageSize: 35,
    };
    const weekCall = `${base}/mvc/hourregistrations/GetSummaryData`;
    const calls = [
      { name: '(b) GetForm workflows', method: 'GET' as const, engine: 'mvc/workflows/GetForm', floor: 'form' },
      {
        name: '(b) GetItem workflow item',
        method: 'POST' as const,
        engine: 'mvc/workflows/GetItem',
        body: { autoid: item },
        floor: 'item',
        floorBody: { autoid: item },
      },
      {
        name: `(b) first page of its hours (of ${counted.h})`,
        method: 'POST' as const,
        engine: 'mvc/hourregistrations/GetFlexData',
        body: { dataFilter: [{ FieldName: 'Workflow', Value: item }], pageSize: 35 },
        floor: 'hours',
        floorBody: { workflow: item },
      },
    ];
    const detailRows: string[][] = [];
    let engineTotal = 0;
    let floorTotal = 0;
    for (const call of calls) {
      const e = await latency(`${base}/${call.engine}`, {
        method: call.method,
        headers,
        body: call.body,
        seconds: LATENCY_S,
      });
      const f = await latency(`${floor.base}/floor/${call.floor}`, {
        method: call.method,
        body: call.floorBody,
        seconds: LATENCY_S,
      });
      engineTotal += e.p50;
      floorTotal += f.p50;
      detailRows.push([
        call.name,
        ms(e.p50),
        ms(f.p50),
        `${(e.p50 / f.p50).toFixed(2)}x${e.failures || f.failures ? ` (failures ${e.failures}/${f.failures})` : ''}`,
      ]);
      log(detailRows[detailRows.length - 1].join(' | '));
    }
    detailRows.push([
      '(b) the detail, three calls',
      engineTotal.toFixed(2),
      floorTotal.toFixed(2),
      `${(engineTotal / floorTotal).toFixed(2)}x`,
    ]);

    const weekAnswer: { Meta?: { Count: number } } = await (
      await fetch(weekCall, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(weekBody),
      })
    ).json();
    if (!weekAnswer.Meta) throw new Error(`hours per week: ${JSON.stringify(weekAnswer)}`);
    log(`(c) week ending ${week}: ${weekAnswer.Meta.Count} persons with hours`);
    const we = await latency(weekCall, {
      headers,
      body: weekBody,
      seconds: LATENCY_S,
    });
    const wf = await latency(`${floor.base}/floor/week`, { body: { week }, seconds: LATENCY_S });
    const wet = await load(weekCall, {
      connections: CONNECTIONS,
      seconds: DURATION_S,
      headers,
      body: weekBody,
    });
    const wft = await load(`${floor.base}/floor/week`, {
      connections: CONNECTIONS,
      seconds: DURATION_S,
      body: { week },
    });
    const weekRow = [
      '(c) hours per week, 200 persons, one week',
      wet.rps.toFixed(0),
      wft.rps.toFixed(0),
      (wet.rps / wft.rps).toFixed(2),
      ms(we.p50),
      ms(wf.p50),
      (we.p50 / wf.p50).toFixed(2),
      wet.errors || wft.errors || we.failures || wf.failures ? `errors: ${wet.errors + we.failures}` : '',
    ];
    log(weekRow.join(' | '));
    const hoursPlan = await plan(
      pool,
      'SELECT t.* FROM hourregistrations t WHERE t.workflow = $1 ORDER BY t.date DESC, t.autoid LIMIT 35',
      [item],
    );
    const weekPlan = await plan(pool, 'SELECT count(*) FROM hourregistrations t WHERE t.weekend = $1', [week]);

    console.log(
      `\nService work: ${counted.w} workflow items, ${counted.h} hour registrations, generated in ${generated.toFixed(0)} s`,
    );
    console.log(`${CONNECTIONS} connections x ${DURATION_S} s for req/s, one connection for p50\n`);
    printTable(GRID_COLUMNS, [...gridRows, weekRow]);
    console.log(`\nOpening an item's detail (p50 ms of one connection from a separate process, ${LATENCY_S} s each)\n`);
    printTable(['call', 'engine p50 ms', 'floor p50 ms', 'ratio'], detailRows);
    console.log(`\nplans: an item's hours: ${hoursPlan}; a week's hours: ${weekPlan}`);
  } finally {
    await gridFloor?.close();
    await floor?.close();
    await pool.end();
    await shipped.close();
  }
}

await main();
