// Fills a database of the shipped packs with many purchase order lines, for the orders benchmark
// and for trying the purchasing grids at size: purchase orders of 50 lines each, lines at the
// statuses a year of purchasing leaves (open 40%, partially received 10%, received 45%, cancelled
// 5%, their quantities to match), descriptions made of words with 1 in 200 lines carrying the
// model name `Kador` (so a search finds a known share), over the suppliers, products, warehouses
// and VAT codes the database already has (the demo pack's seeds).
//
//   DATABASE_URL=postgres://… npm run generate:purchaselines -- 1000000
//
// The rows are written by one INSERT … SELECT over generate_series per table, with the lines'
// indexes dropped and rebuilt afterwards, so a million lines take about a minute.
import type pg from 'pg';
import { bulkFill, generatorMain, ids, MODEL_NAMES, pick, sqlArray } from './bulk-fill.ts';

export const SEARCH_WORD = 'kador';
/** Lines per generated purchase order. */
export const LINES_PER_ORDER = 50;

const WORDS = {
  adj: [
    'Verzinkte',
    'Lichte',
    'Zware',
    'Stalen',
    'Kunststof',
    'Elektrische',
    'Compacte',
    'Mobiele',
    'Nieuwe',
    'Reserve',
  ],
  noun: [
    'steigerbuis',
    'bouwhek',
    'rijplaat',
    'kabelhaspel',
    'werkhandschoen',
    'veiligheidshelm',
    'dompelpomp',
    'aggregaat',
    'trilplaat',
    'kantplank',
    'koppeling',
    'spanband',
    'afzetlint',
    'bouwlamp',
    'zaagblad',
    'hijsband',
  ],
  ...MODEL_NAMES,
};

/** Purchase orders $1…$2: at a supplier of the products (else any relation), for a warehouse, placed in the last three years. */
const ORDERS_SQL = `
WITH v AS (
  SELECT coalesce(${ids('relations WHERE autoid IN (SELECT supplier FROM productsuppliers)')}, ${ids('relations')}) AS supplier,
    ${ids('warehouses')} AS warehouse, ARRAY[2, 3, 4, 6] AS status
)
INSERT INTO purchaseorders (id, descr, supplier, status, orderdate, deliverdate, warehouse, createdby, modifiedby)
SELECT 'GEN-' || lpad(i::text, 7, '0'), 'Gegenereerde inkooporder ' || i, ${pick('supplier')}, ${pick('status')},
  d, d + 3 + floor(random() * 20)::int, ${pick('warehouse')}, 'generator', 'generator'
FROM v, generate_series($1::int, $2::int) AS i, LATERAL (SELECT date '2024-01-01' + floor(random() * 1050)::int + 0 * i AS d) o`;

/**
 * Lines $1…$2, LINES_PER_ORDER to each of the purchase orders $3 (their AutoIDs in order). The
 * lateral row draws per line the quantity and the status with the quantities that go with it.
 */
const LINES_SQL = `
WITH v AS (
  SELECT ${Object.entries(WORDS)
    .map(([name, words]) => `${sqlArray(words)} AS ${name}`)
    .join(', ')},
    ${ids('products WHERE NOT coalesce(blockedfororder, false)')} AS product, ${ids('vatcodes')} AS vat
)
INSERT INTO purchaseorderlines (purchaseorder, linetype, product, descr, orderquantity, receivedquantity, cancelquantity, linestatus,
  price, vatcode, deliverdate, reference, createdby, modifiedby)
SELECT ($3::bigint[])[1 + (i - $1) / ${LINES_PER_ORDER}], 'sale', ${pick('product')},
  ${pick('adj')} || ' ' || ${pick('noun')} || ' ' || initcap(${pick('syl1')} || ${pick('syl2')}),
  g.quantity, g.received, CASE WHEN g.status = 'cancelled' THEN g.quantity - g.received ELSE 0 END, g.status,
  round((1 + random() * 500)::numeric, 2), ${pick('vat')},
  date '2024-01-01' + floor(random() * 1100)::int,
  'OB-' || lpad(((i::bigint * 7919) % 100000)::text, 5, '0'),
  'generator', 'generator'
FROM v, generate_series($1::int, $2::int) AS i,
LATERAL (
  SELECT s.quantity, s.status,
    CASE s.status WHEN 'open' THEN 0 WHEN 'received' THEN s.quantity
      WHEN 'partial' THEN 1 + floor(s.f * (s.quantity - 1))::int
      ELSE CASE WHEN s.f < 0.5 THEN 0 ELSE floor(s.f * (s.quantity - 1))::int END END AS received
  FROM (
    SELECT 2 + floor(random() * 49)::int + 0 * i AS quantity, random() AS f,
      CASE WHEN r < 0.40 THEN 'open' WHEN r < 0.50 THEN 'partial' WHEN r < 0.95 THEN 'received' ELSE 'cancelled' END AS status
    FROM (SELECT random() + 0 * i AS r) x
  ) s
) g`;

export async function generatePurchaseLines(
  pool: pg.Pool,
  count: number,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  await bulkFill(
    pool,
    { table: 'purchaseorderlines', seed: 0.43, vacuum: ['purchaseorders', 'purchaseorderlines'], log },
    async (client, step) => {
      const orders = Math.ceil(count / LINES_PER_ORDER);
      const from =
        1 +
        Number(
          (await client.query(`SELECT count(*) AS n FROM purchaseorders WHERE createdby = 'generator'`)).rows[0].n,
        );
      const lineFrom =
        1 +
        Number(
          (await client.query(`SELECT count(*) AS n FROM purchaseorderlines WHERE createdby = 'generator'`)).rows[0].n,
        );
      const made = await step<{ autoid: string }>(
        `${orders.toLocaleString('en')} purchase orders`,
        `${ORDERS_SQL} RETURNING autoid`,
        [from, from + orders - 1],
      );
      const orderIds = made.rows.map((r) => Number(r.autoid)).sort((a, b) => a - b);
      await step(`${count.toLocaleString('en')} purchase order lines`, LINES_SQL, [
        lineFrom,
        lineFrom + count - 1,
        orderIds,
      ]);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`)
  await generatorMain('generate:purchaselines', generatePurchaseLines);
