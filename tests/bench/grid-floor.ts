// What the grid benchmarks of the shipped packs share (invoice-grids, contract-grids): a
// hand-written floor answering a grid page (Fastify + pg, the SQL anyone would write: every
// column, the text of every list field, an exact count, the page and the count in parallel), and
// the measurement of one grid call beside it: throughput (autocannon from a process of its own)
// and p50 of one connection (sequential requests from a process of its own).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type pg from 'pg';
import { latency, load } from './load.ts';
import { SHIPPED_PACKS_DIR } from './shipped.ts';

interface TableFile {
  fields: { name: string; type: string; list?: string }[];
  displayFields?: string[];
}
const tableFile = (name: string): TableFile => {
  for (const pack of ['base', 'core']) {
    try {
      const parsed: TableFile = JSON.parse(
        readFileSync(path.join(SHIPPED_PACKS_DIR, pack, 'tables', `${name}.json`), 'utf8'),
      );
      return parsed;
    } catch {
      // not in this pack
    }
  }
  throw new Error(`no table ${name}`);
};

/**
 * Every column of `table` and the display text of each of its list fields: joined by hand, or
 * (`subquery`) read by a scalar subquery each, which spares the planner a join of many tables.
 */
function floorSelect(table: string, listTexts: 'join' | 'subquery'): { columns: string; joins: string } {
  const lists = tableFile(table).fields.flatMap(({ name, type, list }) => {
    if (type !== 'list' || !list) return [];
    const col = name.toLowerCase();
    return [{ col, list, text: (tableFile(list).displayFields?.[0] ?? 'Descr').toLowerCase() }];
  });
  if (listTexts === 'subquery') {
    return {
      columns: [
        't.*',
        ...lists.map((j) => `(SELECT ${j.text} FROM ${j.list} WHERE autoid = t."${j.col}") AS ${j.col}_descr`),
      ].join(', '),
      joins: '',
    };
  }
  return {
    columns: ['t.*', ...lists.map((j) => `j_${j.col}.${j.text} AS ${j.col}_descr`)].join(', '),
    joins: lists.map((j) => `LEFT JOIN ${j.list} j_${j.col} ON j_${j.col}.autoid = t."${j.col}"`).join(' '),
  };
}

/** One grid call: the engine's URL and body, and the floor's table, condition ($1 the param) and order. */
export interface GridCase {
  name: string;
  url: string;
  body: Record<string, unknown>;
  table: string;
  where: string;
  order: string;
  param: string;
  /** How the floor reads the list texts (default: joins). */
  listTexts?: 'join' | 'subquery';
}

/** The floor of `cases`, listening on 127.0.0.1: POST /floor/<table> answers the case's page and count. */
export async function startFloor(pool: pg.Pool, cases: GridCase[]) {
  const app = Fastify();
  for (const c of cases) {
    const { columns, joins } = floorSelect(c.table, c.listTexts ?? 'join');
    app.post(`/floor/${c.table}`, async () => {
      const [rows, count] = await Promise.all([
        pool.query(`SELECT ${columns} FROM ${c.table} t ${joins} WHERE ${c.where} ORDER BY ${c.order} LIMIT 35`, [
          c.param,
        ]),
        pool.query(`SELECT count(*) AS n FROM ${c.table} t WHERE ${c.where}`, [c.param]),
      ]);
      return { Data: rows.rows, Meta: { Count: Number(count.rows[0].n) } };
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, close: () => app.close() };
}

/** The printed columns of a grid benchmark's table, for `measureGrid`'s rows. */
export const GRID_COLUMNS = [
  'call',
  'engine req/s',
  'floor req/s',
  'ratio',
  'engine p50 ms',
  'floor p50 ms',
  'ratio',
  '',
];

/**
 * Measures one case on the engine (`base`, signed in by `headers`) and on the floor (`floorBase`):
 * logs the rows each finds and whether their first pages are the same, and answers the row of
 * GRID_COLUMNS.
 */
export async function measureGrid(
  c: GridCase,
  opts: {
    base: string;
    headers: Record<string, string>;
    floorBase: string;
    connections: number;
    seconds: number;
    latencySeconds: number;
    log: (line: string) => void;
  },
): Promise<string[]> {
  const { headers } = opts;
  const engineUrl = `${opts.base}/${c.url}`;
  const floorUrl = `${opts.floorBase}/floor/${c.table}`;
  const post = async (url: string, body: unknown, h: Record<string, string> = {}) => {
    const answer: { Data: { AutoID?: number; autoid?: number }[]; Meta: { Count: number } } = await (
      await fetch(url, {
        method: 'POST',
        headers: { ...h, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
    return answer;
  };
  const [e0, f0] = [await post(engineUrl, c.body, headers), await post(floorUrl, {})];
  const same = e0.Data.map((r) => r.AutoID).join() === f0.Data.map((r) => r.autoid).join();
  opts.log(`${c.name}: ${e0.Meta.Count} rows found (floor ${f0.Meta.Count}), same first page: ${same ? 'yes' : 'NO'}`);
  const e = await latency(engineUrl, { headers, body: c.body, seconds: opts.latencySeconds });
  const f = await latency(floorUrl, { body: {}, seconds: opts.latencySeconds });
  const et = await load(engineUrl, { connections: opts.connections, seconds: opts.seconds, headers, body: c.body });
  const ft = await load(floorUrl, { connections: opts.connections, seconds: opts.seconds, body: {} });
  return [
    c.name,
    et.rps.toFixed(0),
    ft.rps.toFixed(0),
    (et.rps / ft.rps).toFixed(2),
    e.p50.toFixed(2),
    f.p50.toFixed(2),
    (e.p50 / f.p50).toFixed(2),
    et.errors || ft.errors || e.failures || f.failures
      ? `errors: engine ${et.errors + e.failures}, floor ${ft.errors + f.failures}`
      : '',
  ];
}
