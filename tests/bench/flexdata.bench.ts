// GetFlexData benchmark: the engine's generic grid call against an honest hand-written floor.
//
// What is measured
//   One table of 1,000,000 rows (pack tests/bench/packs/bench, table benchitems, ~20% archived)
//   is served twice in this process:
//   - the engine: the real app (buildApp) answering POST /mvc/benchitems/GetFlexData, with its
//     keyset paging from remembered page starts, count cache and estimated counts above
//     EXACT_COUNT_LIMIT rows;
//   - the floor: a minimal Fastify + pg handler with hand-written SQL for the same four queries,
//     the naive way: OFFSET paging and an exact count(*), page and count run in parallel like the
//     engine does. It answers the same page of rows (same columns, same category join).
//   For four scenarios (search, plain active list, number + date filter with sort, page 1000) it
//   reports throughput (autocannon, 32 connections, BENCH_DURATION seconds) and p50 latency at
//   one connection (up to 300 sequential requests, at most ~6 s per server so that slow floor
//   queries keep the run short), and for page 1000 the SQL-only cost of OFFSET against a keyset
//   seek. The table is VACUUM ANALYZEd after the fill so autovacuum does not start mid-run.
//
// Why
//   The floor is what anyone would write by hand; the ratio engine/floor shows what the
//   generic layer costs (definition lookup, query building, record mapping) and what its
//   paging and counting strategies win back on a table large enough for them to matter.
//
// Caveats when reading the figures
//   autocannon runs in a process of its own, but on the same machine as both servers and
//   PostgreSQL: absolute req/s are understated. Both servers carry the same handicap, so the
//   ratios are the figures to look at. Nothing is asserted.
//
// Run: npm run bench   (BENCH_DURATION=3 for a short run; DATABASE_URL to use an existing
// server, whose benchitems rows are then kept and reused by the next run).
import { mkdtempSync, chmodSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine, type Engine } from '../../server/engine.ts';
import { MODEL_NAMES } from '../../tools/bulk-fill.ts';
import { freePort } from '../free-port.ts';
import { load } from './load.ts';

// ---------------------------------------------------------------------------------------------
// Settings

const ROWS = 1_000_000;
const PAGE_SIZE = 35;
const SEARCH_WORD = 'kador'; // a made-up model name the fill gives to 1 row in 200
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 15;
const CONNECTIONS = 32;
const P50_WARMUP = 10;
const P50_REQUESTS = 300;
/** Slow floor queries would take minutes for 300 sequential requests; stop sampling after this. */
const P50_BUDGET_MS = 6_000;
const P50_MIN_REQUESTS = 30;
const PACKS_DIR = path.resolve(import.meta.dirname, 'packs');
const TABLE = 'benchitems';

// ---------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------
// Scenarios

interface FlexBody {
  dataSource: number;
  pageIndex: number;
  pageSize: number;
  order?: string;
  searchExpressions?: string;
  operatorFilter?: { FieldName: string; Operator: string; Value: string | number }[];
}

/** The hand-written part of a floor query: condition, its parameters, and the order. */
interface FloorQuery {
  where: string;
  params: unknown[];
  order: string;
}

interface Scenario {
  key: string;
  title: string;
  body: FlexBody;
  floor(body: FlexBody): FloorQuery;
}

const SCENARIOS: Scenario[] = [
  {
    key: 'a',
    title: 'search + active + sort',
    body: { searchExpressions: SEARCH_WORD, dataSource: 0, order: 'Descr asc', pageIndex: 0, pageSize: PAGE_SIZE },
    floor: (b) => ({
      where: 't.archive = false AND (t.id ILIKE $1 OR t.descr ILIKE $1)',
      params: [`%${b.searchExpressions}%`],
      order: 't.descr, t.autoid',
    }),
  },
  {
    key: 'b',
    title: 'active, default order',
    body: { dataSource: 0, pageIndex: 0, pageSize: PAGE_SIZE },
    floor: () => ({ where: 't.archive = false', params: [], order: 't.autoid' }),
  },
  {
    key: 'c',
    title: 'Amount > 500, Date >=, sort',
    body: {
      dataSource: 0,
      order: 'Amount desc',
      pageIndex: 0,
      pageSize: PAGE_SIZE,
      operatorFilter: [
        { FieldName: 'Amount', Operator: '>', Value: 500 },
        { FieldName: 'Date', Operator: '>=', Value: '2025-06-01' },
      ],
    },
    floor: (b) => ({
      where: 't.archive = false AND t.amount > $1 AND t.date >= $2',
      params: b.operatorFilter!.map((f) => f.Value),
      order: 't.amount DESC, t.autoid DESC',
    }),
  },
  {
    key: 'd',
    title: 'page 1000, default order',
    body: { dataSource: 0, pageIndex: 1000, pageSize: PAGE_SIZE },
    floor: () => ({ where: 't.archive = false', params: [], order: 't.autoid' }),
  },
];

// ---------------------------------------------------------------------------------------------
// Small helpers

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const ms = (v: number) => v.toFixed(v < 10 ? 2 : 1);
const rate = (v: number) => v.toFixed(v < 10 ? 1 : 0);
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
const median = (values: number[]) => {
  const s = [...values].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const sleep = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));

/**
 * Waits until no query of the pool is running or waiting. autocannon stops sending when its time
 * is up, but the requests it leaves in flight keep their queries running and would otherwise
 * overlap the next measurement.
 */
async function settle(pool: pg.Pool): Promise<void> {
  const until = performance.now() + 60_000;
  while (performance.now() < until && (pool.waitingCount > 0 || pool.idleCount < pool.totalCount)) await sleep(50);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await work();
  return { value, ms: performance.now() - t0 };
}

// ---------------------------------------------------------------------------------------------
// Data: categories and 1,000,000 items from one INSERT ... SELECT over generate_series.

const WORDS = {
  adj: [
    'Heavy',
    'Light',
    'Compact',
    'Large',
    'Small',
    'Round',
    'Square',
    'Flat',
    'Long',
    'Short',
    'Strong',
    'Thin',
    'Wide',
    'Narrow',
    'Smooth',
    'Rough',
    'Bright',
    'Dark',
    'Classic',
    'Modern',
  ],
  mat: ['steel', 'oak', 'brass', 'copper', 'nylon', 'rubber', 'glass', 'pine', 'zinc', 'linen'],
  noun: [
    'bracket',
    'hinge',
    'panel',
    'bolt',
    'washer',
    'handle',
    'shelf',
    'clamp',
    'spring',
    'valve',
    'hook',
    'frame',
    'lamp',
    'cable',
    'plate',
    'rail',
    'wheel',
    'tube',
    'cover',
    'strap',
  ],
  ...MODEL_NAMES,
  status: ['open', 'open', 'open', 'hold', 'closed', 'closed', 'cancelled'],
};
const CATEGORIES = [
  'Fasteners',
  'Hinges',
  'Lighting',
  'Plumbing',
  'Cables',
  'Shelving',
  'Wheels',
  'Tools',
  'Springs',
  'Covers',
  'Rails',
  'Straps',
];

const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;
/** A random element of one of the arrays of the `v` row below. */
const pick = (name: string) => `v.${name}[1 + floor(random() * cardinality(v.${name}))::int]`;

const FILL_SQL = `
WITH v AS (
  SELECT ${Object.entries(WORDS)
    .map(([name, words]) => `${sqlArray(words)} AS ${name}`)
    .join(', ')},
    (SELECT array_agg(autoid ORDER BY autoid) FROM benchcategories) AS cat
)
INSERT INTO ${TABLE} (id, descr, descr2, reference, status, category, amount, quantity, date, duedate,
  weight, priority, active, updatedat, notes, archive, createdby, modifiedby)
SELECT 'ITM' || lpad(i::text, 7, '0'),
  ${pick('adj')} || ' ' || ${pick('mat')} || ' ' || ${pick('noun')} || ' ' || initcap(${pick('syl1')} || ${pick('syl2')}),
  'Batch ' || (i % 997) || ' of ' || ${pick('noun')} || 's',
  'REF-' || lpad(((i::bigint * 7919) % 1000000)::text, 6, '0'),
  ${pick('status')},
  ${pick('cat')},
  round((random() * 1000)::numeric, 2),
  floor(random() * 500)::int,
  d, d + 30,
  round((random() * 100)::numeric, 3),
  1 + floor(random() * 5)::int,
  random() < 0.9,
  timestamp '2024-01-01' + random() * interval '730 days',
  CASE WHEN random() < 0.3 THEN 'Checked by warehouse team on receipt, batch ' || (i % 997) END,
  random() < 0.2,
  'bench', 'bench'
FROM v, (SELECT i, date '2024-01-01' + floor(random() * 731)::int AS d FROM generate_series(1, $1::int) AS i) AS g`;

/** Fills the bench tables unless they already hold ROWS items; answers how long it took. */
async function fillIfNeeded(pool: pg.Pool): Promise<void> {
  const have = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${TABLE}`)).rows[0].n);
  if (have === ROWS) {
    log(`${TABLE} already holds ${ROWS.toLocaleString('en')} rows: fill skipped`);
    return;
  }
  log(`filling ${TABLE} with ${ROWS.toLocaleString('en')} rows${have ? ` (replacing ${have} rows)` : ''}...`);
  const client = await pool.connect();
  // Filling and indexing a million rows takes longer than an API statement may.
  await client.query('SET statement_timeout = 0');
  try {
    const total = await timed(async () => {
      await client.query('BEGIN');
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      await client.query(`TRUNCATE ${TABLE}, benchcategories`);
      await client.query(
        `INSERT INTO benchcategories (id, descr, createdby, modifiedby)
         SELECT 'C' || lpad(n::text, 2, '0'), d, 'bench', 'bench' FROM unnest($1::text[]) WITH ORDINALITY AS u(d, n)`,
        [CATEGORIES],
      );
      // Building the indexes once afterwards is much faster than maintaining them (two of them
      // trigram GIN indexes) row by row; the definitions are put back exactly as they were.
      const indexes = (
        await client.query<{ name: string; def: string }>(
          `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i WHERE i.indrelid = '${TABLE}'::regclass AND NOT i.indisprimary`,
        )
      ).rows;
      for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
      await client.query('SELECT setseed(0.42)');
      const insert = await timed(() => client.query(FILL_SQL, [ROWS]));
      const build = await timed(async () => {
        for (const index of indexes) await client.query(index.def);
      });
      await client.query('COMMIT');
      log(
        `  insert ${(insert.ms / 1000).toFixed(1)} s, ${indexes.length} indexes rebuilt in ${(build.ms / 1000).toFixed(1)} s`,
      );
    });
    // VACUUM as well as ANALYZE: autovacuum would otherwise start on the fresh rows in the middle
    // of a measurement, and index-only scans need the visibility map it sets.
    const vacuum = await timed(() => client.query(`VACUUM (ANALYZE) ${TABLE}, benchcategories`));
    log(
      `  vacuum + analyze ${(vacuum.ms / 1000).toFixed(1)} s; fill took ${((total.ms + vacuum.ms) / 1000).toFixed(1)} s in all`,
    );
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

async function describeData(pool: pg.Pool): Promise<void> {
  const r = (
    await pool.query<{ n: string; archived: string; found: string }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE archive) AS archived,
       count(*) FILTER (WHERE id ILIKE $1 OR descr ILIKE $1) AS found FROM ${TABLE}`,
      [`%${SEARCH_WORD}%`],
    )
  ).rows[0];
  const pct = (v: string) => `${((Number(v) / Number(r.n)) * 100).toFixed(2)}%`;
  log(
    `data: ${Number(r.n).toLocaleString('en')} rows, ${pct(r.archived)} archived, '${SEARCH_WORD}' in ${pct(r.found)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The floor: hand-written SQL, OFFSET paging, exact count.

const FLOOR_COLUMNS = `t.autoid AS "AutoID", t.timestamp AS "TimeStamp", t.createdate AS "CreateDate",
  t.createdby AS "CreatedBy", t.modifiedby AS "ModifiedBy", t.archive AS "Archive",
  t.id AS "ID", t.descr AS "Descr", t.descr2 AS "Descr2", t.reference AS "Reference", t.status AS "Status",
  t.category AS "Category", c.descr AS "Category_Descr", t.amount AS "Amount", t.quantity AS "Quantity",
  t.date AS "Date", t.duedate AS "DueDate", t.weight AS "Weight", t.priority AS "Priority",
  t.active AS "Active", t.updatedat AS "UpdatedAt", t.notes AS "Notes"`;

function floorPageSql(q: FloorQuery, pageSize: number, offset: number): string {
  return `SELECT ${FLOOR_COLUMNS} FROM ${TABLE} t LEFT JOIN benchcategories c ON c.autoid = t.category
    WHERE ${q.where} ORDER BY ${q.order} LIMIT ${pageSize} OFFSET ${offset}`;
}

async function startFloor(pool: pg.Pool): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  for (const scenario of SCENARIOS) {
    app.post(`/floor/${scenario.key}/GetFlexData`, async (request) => {
      const body = request.body as FlexBody;
      const pageSize = Number(body.pageSize);
      const pageIndex = Number(body.pageIndex);
      const q = scenario.floor(body);
      const [page, count] = await Promise.all([
        pool.query(floorPageSql(q, pageSize, pageIndex * pageSize), q.params),
        pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${TABLE} t WHERE ${q.where}`, q.params),
      ]);
      return {
        Data: page.rows,
        Meta: { Count: Number(count.rows[0].n), CountEstimated: false, PageIndex: pageIndex, PageSize: pageSize },
      };
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface FlexAnswer {
  Data: { AutoID: number }[];
  Meta: { Count: number; CountEstimated: boolean };
}

/** The engine's calls need a session, as a signed-in user's would; the floor ignores the cookie. */
const BENCH_PASSWORD = 'Bench-admin-1';
const headers: Record<string, string> = { 'content-type': 'application/json' };

async function signIn(base: string): Promise<void> {
  const res = await fetch(`${base}/mvc/account/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: HTTP ${res.status}`);
  headers.cookie = cookie.split(';')[0];
}

async function post(url: string, body: FlexBody): Promise<FlexAnswer> {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as FlexAnswer;
}

/** Median latency of sequential requests at one connection, after a warm-up. */
async function p50(url: string, body: FlexBody, requests = P50_REQUESTS): Promise<{ ms: number; n: number }> {
  for (let i = 0; i < P50_WARMUP; i++) await post(url, body);
  const samples: number[] = [];
  const t0 = performance.now();
  while (samples.length < requests && (samples.length < P50_MIN_REQUESTS || performance.now() - t0 < P50_BUDGET_MS)) {
    samples.push((await timed(() => post(url, body))).ms);
  }
  return { ms: median(samples), n: samples.length };
}

interface Throughput {
  rps: number;
  problems: string;
}

async function throughput(url: string, body: FlexBody, pool: pg.Pool): Promise<Throughput> {
  const r = await load(url, {
    connections: CONNECTIONS,
    seconds: DURATION_S,
    headers: { cookie: headers.cookie ?? '' },
    body,
  });
  await settle(pool);
  const problems = r.errors ? `${r.errors} errors or non-2xx` : '';
  // Completed requests over the whole run: the per-second average reads 0 for slow queries in short runs.
  return { rps: r.rps, problems };
}

/** SQL-only median of one statement on the pool. */
async function sqlP50(pool: pg.Pool, sql: string, params: unknown[], runs: number): Promise<number> {
  await pool.query(sql, params);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await timed(() => pool.query(sql, params))).ms);
  return median(samples);
}

interface Row {
  scenario: Scenario;
  engine: { rps: number; p50: number; n: number; problems: string };
  floor: { rps: number; p50: number; n: number; problems: string };
  count: { engine: number; floor: number; estimated: boolean };
  sameRows: boolean;
}

interface Target {
  url: string;
  pool: pg.Pool;
}

async function measureScenario(scenario: Scenario, engine: Target, floor: Target): Promise<Row> {
  log(`(${scenario.key}) ${scenario.title}`);
  const [e, f] = [await post(engine.url, scenario.body), await post(floor.url, scenario.body)];
  const ids = (a: FlexAnswer) => a.Data.map((r) => r.AutoID).join(',');
  const engineP50 = await p50(engine.url, scenario.body);
  const floorP50 = await p50(floor.url, scenario.body);
  log(`  p50 engine ${ms(engineP50.ms)} ms (n=${engineP50.n}), floor ${ms(floorP50.ms)} ms (n=${floorP50.n})`);
  const engineRps = await throughput(engine.url, scenario.body, engine.pool);
  const floorRps = await throughput(floor.url, scenario.body, floor.pool);
  const problems = (t: Throughput) => (t.problems ? ` (${t.problems})` : '');
  log(`  req/s engine ${rate(engineRps.rps)}${problems(engineRps)}, floor ${rate(floorRps.rps)}${problems(floorRps)}`);
  return {
    scenario,
    engine: { rps: engineRps.rps, p50: engineP50.ms, n: engineP50.n, problems: engineRps.problems },
    floor: { rps: floorRps.rps, p50: floorP50.ms, n: floorP50.n, problems: floorRps.problems },
    count: { engine: e.Meta.Count, floor: f.Meta.Count, estimated: e.Meta.CountEstimated },
    sameRows: e.Data.length > 0 && ids(e) === ids(f),
  };
}

/** Page 1000 in detail: the engine's first and second request, then SQL-only OFFSET vs keyset. */
async function pageDetail(engine: Engine, engineUrl: string): Promise<string[]> {
  const d = SCENARIOS.find((s) => s.key === 'd')!;
  const lines: string[] = [];
  const first = await timed(() => post(engineUrl, d.body));
  const second = await timed(() => post(engineUrl, d.body));
  const steady = await p50(engineUrl, d.body, 100);
  lines.push(
    `engine request, page ${d.body.pageIndex}: first ${ms(first.ms)} ms (OFFSET, remembers the page start), second ${ms(second.ms)} ms, then p50 of ${steady.n}: ${ms(steady.ms)} ms`,
  );

  const q = d.floor(d.body);
  const offset = d.body.pageIndex * d.body.pageSize;
  const last = (
    await engine.pool.query<{ autoid: number }>(
      `SELECT t.autoid FROM ${TABLE} t WHERE ${q.where} ORDER BY ${q.order} LIMIT 1 OFFSET ${offset - 1}`,
      q.params,
    )
  ).rows[0].autoid;
  const offsetSql = floorPageSql(q, d.body.pageSize, offset);
  const keysetSql = `SELECT ${FLOOR_COLUMNS} FROM ${TABLE} t LEFT JOIN benchcategories c ON c.autoid = t.category
    WHERE t.archive = false AND t.autoid > $1 ORDER BY t.autoid LIMIT ${d.body.pageSize}`;
  const [a, b] = [await engine.pool.query(offsetSql), await engine.pool.query(keysetSql, [last])];
  const same = a.rows.map((r) => r.AutoID).join() === b.rows.map((r) => r.AutoID).join();
  const offsetMs = await sqlP50(engine.pool, offsetSql, [], 50);
  const keysetMs = await sqlP50(engine.pool, keysetSql, [last], 50);
  const countMs = await sqlP50(engine.pool, `SELECT count(*) FROM ${TABLE} t WHERE ${q.where}`, [], 10);
  lines.push(
    `SQL only, p50: OFFSET ${offset} ${ms(offsetMs)} ms, keyset (autoid > ${last}) ${ms(keysetMs)} ms${same ? '' : ' (rows DIFFER)'}; exact count(*) of the active rows ${ms(countMs)} ms`,
  );
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Report

function printTable(rows: Row[]): void {
  const header = [
    'scenario',
    'engine req/s',
    'floor req/s',
    'ratio',
    'engine p50 ms',
    'floor p50 ms',
    'ratio',
    'Count engine',
    'Count floor',
    'estimated',
    'same rows',
  ];
  const body = rows.map((r) => [
    `(${r.scenario.key}) ${r.scenario.title}`,
    rate(r.engine.rps),
    rate(r.floor.rps),
    ratio(r.engine.rps, r.floor.rps),
    ms(r.engine.p50),
    ms(r.floor.p50),
    ratio(r.engine.p50, r.floor.p50),
    String(r.count.engine),
    String(r.count.floor),
    r.count.estimated ? 'yes' : 'no',
    r.sameRows ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(
    `\nGetFlexData on ${ROWS.toLocaleString('en')} rows: ${CONNECTIONS} connections x ${DURATION_S} s for req/s, one connection for p50`,
  );
  console.log(
    'req/s ratio = engine/floor (above 1: engine faster); p50 ratio = engine/floor (below 1: engine faster)\n',
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
  for (const r of rows) {
    for (const [who, m] of [
      ['engine', r.engine],
      ['floor', r.floor],
    ] as const) {
      if (m.problems) console.log(`(${r.scenario.key}) ${who}: ${m.problems}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const external = !!process.env.DATABASE_URL;
  const dataDir = external ? undefined : mkdtempSync(path.join(tmpdir(), 'flexdata-bench-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the folder.
  if (dataDir) chmodSync(dataDir, 0o755);
  const base = configFromEnv();
  log(external ? 'using DATABASE_URL' : `embedded PostgreSQL in ${dataDir}`);
  const engine = await startEngine(
    {
      ...base,
      dataDir: dataDir ?? base.dataDir,
      packsDir: PACKS_DIR,
      packs: ['bench'],
      embeddedPgPort: await freePort(),
      adminPassword: BENCH_PASSWORD,
    },
    {},
  );
  const floorPool = new pg.Pool({ connectionString: engine.databaseUrl, max: 20 });
  // pg's Pool.end() resolves before its connections have closed; when the embedded PostgreSQL
  // stops right after, a closing connection reports the shutdown as an error of its pool, which
  // without a listener ends the process. Errors are reported while measuring, ignored once closing.
  let closing = false;
  for (const pool of [engine.pool, floorPool]) {
    pool.on('error', (err) => {
      if (!closing) log(`pool error: ${err.message}`);
    });
  }
  let app: FastifyInstance | undefined;
  let floor: FastifyInstance | undefined;
  try {
    await fillIfNeeded(engine.pool);
    await describeData(engine.pool);
    app = await buildApp(engine);
    await app.listen({ port: 0, host: '127.0.0.1' });
    floor = await startFloor(floorPool);
    const engineBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await signIn(engineBase);
    const engineUrl = `${engineBase}/mvc/${TABLE}/GetFlexData`;
    const floorBase = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}/floor`;

    log('page 1000 in detail');
    const detail = await pageDetail(engine, engineUrl);
    const rows: Row[] = [];
    for (const scenario of SCENARIOS) {
      rows.push(
        await measureScenario(
          scenario,
          { url: engineUrl, pool: engine.pool },
          { url: `${floorBase}/${scenario.key}/GetFlexData`, pool: floorPool },
        ),
      );
    }

    printTable(rows);
    console.log('\nPage 1000 (d):');
    for (const line of detail) console.log(`  ${line}`);
    console.log(`\nTotal run ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    closing = true;
    await app?.close();
    await floor?.close();
    await floorPool.end();
    await engine.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// No process.exit: once everything is closed the process ends by itself.
main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
