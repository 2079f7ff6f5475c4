// What the generators of rows at size share (tools/generate-*.ts): one transaction that takes a
// table's indexes away while it fills and builds them exactly as they were afterwards (much
// faster than keeping them up row by row), then VACUUM (ANALYZE), so autovacuum does not start on
// the fresh rows in the middle of a measurement and index-only scans have their visibility map;
// SQL helpers for drawing values; and the command line of a generator.
import pg from 'pg';

/**
 * The syllables of 20 x 10 made-up model names the generators put in descriptions: 'ka' + 'dor'
 * is the search word `kador`, found in 1 of 200 rows.
 */
export const MODEL_NAMES = {
  syl1: [
    'ka',
    'lo',
    'mi',
    'ru',
    'te',
    'za',
    'vo',
    'ne',
    'pi',
    'sa',
    'do',
    'fe',
    'gu',
    'ha',
    'ji',
    'bo',
    'wi',
    'ce',
    'ty',
    'xa',
  ],
  syl2: ['dor', 'lin', 'mak', 'rex', 'sun', 'tal', 'vik', 'nop', 'gar', 'bel'],
};

/** A text array literal of fixed words (the generators' own words, never input). */
export const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;
/** One random element of the array column `name` of the CTE `v`. */
export const pick = (name: string) => `v.${name}[1 + floor(random() * cardinality(v.${name}))::int]`;
/** The AutoIDs of a table (or `table WHERE …`) as an array. */
export const ids = (table: string) => `(SELECT array_agg(autoid ORDER BY autoid) FROM ${table})`;

export type Step = <R extends pg.QueryResultRow>(
  what: string,
  sql: string,
  params?: unknown[],
) => Promise<pg.QueryResult<R>>;

/**
 * Fills `table` (and what `fill` writes besides) in one transaction with its indexes dropped and
 * rebuilt, random() seeded with `seed`; each step is timed into the log. `vacuum` lists the
 * tables to vacuum and analyze afterwards.
 */
export async function bulkFill(
  pool: pg.Pool,
  opts: { table: string; seed: number; vacuum: string[]; log: (line: string) => void },
  fill: (client: pg.PoolClient, step: Step) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  // Filling and indexing a million rows takes longer than an API statement may.
  await client.query('SET statement_timeout = 0');
  const step: Step = async <R extends pg.QueryResultRow>(what: string, sql: string, params?: unknown[]) => {
    const t0 = Date.now();
    const result = await client.query<R>(sql, params);
    opts.log(`  ${what} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    const indexes = (
      await client.query<{ name: string; def: string }>(
        `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = $1::regclass AND NOT i.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
        [opts.table],
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await client.query('SELECT setseed($1)', [opts.seed]);
    await fill(client, step);
    const t0 = Date.now();
    for (const index of indexes) await client.query(index.def);
    opts.log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await client.query('COMMIT');
    await client.query(`VACUUM (ANALYZE) ${opts.vacuum.join(', ')}`);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

/** A generator run as a script: `DATABASE_URL=… npm run <script> -- <count>`. */
export async function generatorMain(
  script: string,
  generate: (pool: pg.Pool, count: number, log: (line: string) => void) => Promise<void>,
): Promise<void> {
  const count = Number(process.argv[2] ?? 1_000_000);
  if (!process.env.DATABASE_URL || !Number.isSafeInteger(count) || count < 1) {
    console.error(`usage: DATABASE_URL=postgres://… npm run ${script} -- <count>`);
    process.exit(2);
  }
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  await generate(pool, count, console.log);
  await pool.end();
}
