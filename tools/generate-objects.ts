// Fills a database of the shipped packs with many objects (and their location history), for the
// objects benchmark and for trying the grids at size: names made of words, 1 in 200 objects
// carries the model name `Kador` (so a search finds a known share), spread over the object
// types, statuses, products and locations the database already has (the demo pack's seeds).
//
//   DATABASE_URL=postgres://… npm run generate:objects -- 1000000
//
// The rows are written by one INSERT … SELECT over generate_series, with the table's indexes
// dropped and rebuilt afterwards, so a million objects take about a minute.
import pg from 'pg';

export const SEARCH_WORD = 'kador';

const WORDS = {
  adj: ['Zware', 'Lichte', 'Compacte', 'Grote', 'Kleine', 'Mobiele', 'Elektrische', 'Stille', 'Robuuste', 'Nieuwe'],
  noun: ['graafmachine', 'verreiker', 'aggregaat', 'bouwcontainer', 'steiger', 'bouwhek', 'hoogwerker', 'trilplaat',
    'minigraver', 'schaarlift', 'kantoorunit', 'toiletunit', 'pomp', 'compressor', 'lichtmast', 'heftruck'],
  // 20 x 10 made-up model names: 'ka' + 'dor' is SEARCH_WORD, 1 in 200 objects.
  syl1: ['ka', 'lo', 'mi', 'ru', 'te', 'za', 'vo', 'ne', 'pi', 'sa', 'do', 'fe', 'gu', 'ha', 'ji', 'bo', 'wi', 'ce', 'ty', 'xa'],
  syl2: ['dor', 'lin', 'mak', 'rex', 'sun', 'tal', 'vik', 'nop', 'gar', 'bel'],
};

const sqlArray = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(', ')}]`;
const pick = (name: string) => `v.${name}[1 + floor(random() * cardinality(v.${name}))::int]`;
const ids = (table: string) => `(SELECT array_agg(autoid ORDER BY autoid) FROM ${table})`;

const FILL_SQL = `
WITH v AS (
  SELECT ${Object.entries(WORDS).map(([name, words]) => `${sqlArray(words)} AS ${name}`).join(', ')},
    ${ids('objectstatuses')} AS status, ${ids('objecttypes')} AS otype, ${ids('locations')} AS loc,
    (SELECT array_agg(autoid ORDER BY autoid) FROM products WHERE producttype = 'rental') AS product
)
INSERT INTO objects (id, descr, serialnumber, barcode, objecttype, product, status, uniqueitem, quantity, locked,
  location, baselocation, constructionyear, purchasedate, purchaseprice, archive, createdby, modifiedby)
SELECT 'GEN-' || lpad(i::text, 7, '0'),
  ${pick('adj')} || ' ' || ${pick('noun')} || ' ' || initcap(${pick('syl1')} || ${pick('syl2')}),
  'SN' || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'),
  '87' || lpad(i::text, 11, '0'),
  ${pick('otype')}, ${pick('product')}, ${pick('status')}, true, 1, false,
  ${pick('loc')}, ${pick('loc')},
  (2005 + floor(random() * 21)::int)::text,
  date '2015-01-01' + floor(random() * 3650)::int,
  round((1000 + random() * 90000)::numeric, 2),
  random() < 0.1,
  'generator', 'generator'
FROM v, generate_series($1::int, $2::int) AS i`;

/** Location history: `perObject` moves for every tenth generated object. */
const LOG_SQL = `
WITH v AS (SELECT ${ids('locations')} AS loc)
INSERT INTO objectlocationlog (object, fromlocation, tolocation, createdate, createdby, modifiedby)
SELECT o.autoid, ${pick('loc')}, ${pick('loc')}, now() - (n || ' days')::interval, 'generator', 'generator'
FROM v, objects o CROSS JOIN generate_series(1, $1::int) AS n
WHERE o.createdby = 'generator' AND o.autoid % 10 = 0`;

export async function generateObjects(pool: pg.Pool, count: number, log: (line: string) => void = () => undefined): Promise<void> {
  const client = await pool.connect();
  // Filling and indexing a million rows takes longer than an API statement may.
  await client.query('SET statement_timeout = 0');
  try {
    const from = 1 + Number((await client.query(`SELECT count(*) AS n FROM objects WHERE createdby = 'generator'`)).rows[0].n);
    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    // Building the indexes once afterwards is much faster than keeping them up row by row; the
    // definitions are put back exactly as they were.
    const indexes = (await client.query<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = 'objects'::regclass AND NOT i.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    )).rows;
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await client.query('SELECT setseed(0.42)');
    const t0 = Date.now();
    await client.query(FILL_SQL, [from, from + count - 1]);
    log(`  ${count.toLocaleString('en')} objects in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const t1 = Date.now();
    for (const index of indexes) await client.query(index.def);
    log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    const t2 = Date.now();
    await client.query(LOG_SQL, [5]);
    log(`  location history in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    await client.query('COMMIT');
    // VACUUM as well as ANALYZE: autovacuum would otherwise start on the fresh rows later, and
    // index-only scans need the visibility map it sets.
    await client.query('VACUUM (ANALYZE) objects, objectlocationlog');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 1_000_000);
  if (!process.env.DATABASE_URL || !Number.isSafeInteger(count) || count < 1) {
    console.error('usage: DATABASE_URL=postgres://… npm run generate:objects -- <count>');
    process.exit(2);
  }
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  await generateObjects(pool, count, console.log);
  await pool.end();
}
