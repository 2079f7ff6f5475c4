// Fills a database of the shipped packs with many objects (and their location history), for the
// objects benchmark and for trying the grids at size: names made of words, 1 in 200 objects
// carries the model name `Kador` (so a search finds a known share), spread over the object
// types, statuses, products and locations the database already has (the demo pack's seeds).
//
//   DATABASE_URL=postgres://… npm run generate:objects -- 1000000
//
// The rows are written by one INSERT … SELECT over generate_series, with the table's indexes
// dropped and rebuilt afterwards, so a million objects take about a minute.
import type pg from 'pg';
import { bulkFill, generatorMain, ids, MODEL_NAMES, pick, sqlArray } from './bulk-fill.ts';

export const SEARCH_WORD = 'kador';

const WORDS = {
  adj: ['Zware', 'Lichte', 'Compacte', 'Grote', 'Kleine', 'Mobiele', 'Elektrische', 'Stille', 'Robuuste', 'Nieuwe'],
  noun: [
    'graafmachine',
    'verreiker',
    'aggregaat',
    'bouwcontainer',
    'steiger',
    'bouwhek',
    'hoogwerker',
    'trilplaat',
    'minigraver',
    'schaarlift',
    'kantoorunit',
    'toiletunit',
    'pomp',
    'compressor',
    'lichtmast',
    'heftruck',
  ],
  ...MODEL_NAMES,
};

const FILL_SQL = `
WITH v AS (
  SELECT ${Object.entries(WORDS)
    .map(([name, words]) => `${sqlArray(words)} AS ${name}`)
    .join(', ')},
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

export async function generateObjects(
  pool: pg.Pool,
  count: number,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  await bulkFill(
    pool,
    { table: 'objects', seed: 0.42, vacuum: ['objects', 'objectlocationlog'], log },
    async (client, step) => {
      const from =
        1 + Number((await client.query(`SELECT count(*) AS n FROM objects WHERE createdby = 'generator'`)).rows[0].n);
      await step(`${count.toLocaleString('en')} objects`, FILL_SQL, [from, from + count - 1]);
      await step('location history', LOG_SQL, [5]);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await generatorMain('generate:objects', generateObjects);
