// Fills a database of the shipped packs with many invoices, for the invoicing benchmark and for
// trying the invoice grids at size: invoices of 5 lines each at the statuses a few years of
// invoicing leave (completed 85%, new 8%, concept requested 2%, voided 5%; completed and voided
// ones numbered), line descriptions made of words with 1 in 200 lines carrying the model name
// `Kador` (so a search finds a known share), over the relations, products and VAT codes the
// database already has (the demo pack's seeds). Each line's subtotals and each invoice's totals
// are as the definitions compute them.
//
//   DATABASE_URL=postgres://… npm run generate:invoices -- 1000000
//
// The rows are written by one INSERT … SELECT over generate_series per table, with the lines'
// indexes dropped and rebuilt afterwards.
import type pg from 'pg';
import { bulkFill, generatorMain, ids, MODEL_NAMES, pick, sqlArray } from './bulk-fill.ts';
import { SEARCH_WORD } from './generate-purchase-lines.ts';

export { SEARCH_WORD };
/** Lines per generated invoice. */
export const LINES_PER_INVOICE = 5;

const WORDS = {
  adj: ['Huur', 'Levering', 'Verzinkte', 'Lichte', 'Zware', 'Stalen', 'Mobiele', 'Nieuwe', 'Reserve', 'Compacte'],
  noun: ['steigerbuis', 'bouwhek', 'rijplaat', 'kabelhaspel', 'dompelpomp', 'aggregaat', 'trilplaat', 'bouwlamp'],
  ...MODEL_NAMES,
};

/** Invoices $1…$2 of the default administration to any relation, dated over the last three years. */
const INVOICES_SQL = `
WITH v AS (
  SELECT ${ids('relations')} AS relation,
    (SELECT autoid FROM administrations ORDER BY isdefault DESC NULLS LAST, autoid LIMIT 1) AS administration
)
INSERT INTO invoices (id, descr, reference, administration, invoicedate, duedate, status, invoicerelation, deliverrelation,
  createdby, modifiedby)
SELECT CASE WHEN s.status IN ('completed', 'voided') THEN 'GFAC-' || lpad(i::text, 7, '0') END,
  'Gegenereerde factuur ' || i, 'REF-' || lpad(((i::bigint * 7919) % 100000)::text, 5, '0'),
  v.administration, s.d, s.d + 30, s.status, s.relation, s.relation, 'generator', 'generator'
FROM v, generate_series($1::int, $2::int) AS i,
LATERAL (
  SELECT date '2024-01-01' + floor(random() * 1050)::int + 0 * i AS d, ${pick('relation')} AS relation,
    CASE WHEN r < 0.85 THEN 'completed' WHEN r < 0.93 THEN 'new' WHEN r < 0.95 THEN 'conceptrequest' ELSE 'voided' END AS status
  FROM (SELECT random() + 0 * i AS r) x
) s`;

/** Lines $1…$2, LINES_PER_INVOICE to each of the invoices $3 (their AutoIDs in order), with their subtotals. */
const LINES_SQL = `
WITH v AS (
  SELECT ${Object.entries(WORDS)
    .map(([name, words]) => `${sqlArray(words)} AS ${name}`)
    .join(', ')},
    ${ids('products')} AS product, ${ids('vatcodes')} AS vat
)
INSERT INTO invoicelines (invoice, linetype, product, descr, quantity, price, lockprice, discountpct, vatcode,
  subtotalexclvat, subtotalvat, subtotalinclvat, reference, createdby, modifiedby)
SELECT ($3::bigint[])[1 + (i - $1) / ${LINES_PER_INVOICE}], 'sale', g.product, g.descr, g.quantity, g.price, true, 0,
  g.vat, g.excl, round(g.excl * coalesce(c.percentage, 0) / 100, 2), g.excl + round(g.excl * coalesce(c.percentage, 0) / 100, 2),
  'FR-' || lpad(((i::bigint * 7919) % 100000)::text, 5, '0'), 'generator', 'generator'
FROM v, generate_series($1::int, $2::int) AS i,
LATERAL (
  SELECT ${pick('product')} AS product, ${pick('vat')} AS vat,
    ${pick('adj')} || ' ' || ${pick('noun')} || ' ' || initcap(${pick('syl1')} || ${pick('syl2')}) AS descr,
    q.quantity, q.price, round(q.quantity * q.price, 2) AS excl
  FROM (SELECT 1 + floor(random() * 20)::int + 0 * i AS quantity, round((1 + random() * 500)::numeric, 2) AS price) q
) g
LEFT JOIN vatcodes c ON c.autoid = g.vat`;

/** Each generated invoice's totals over its lines, as its rollups keep them. */
const TOTALS_SQL = `
UPDATE invoices i SET linecount = s.n, totalexclvat = s.excl, totalvat = s.vat, totalinclvat = s.incl
  FROM (SELECT invoice, count(*) AS n, sum(subtotalexclvat) AS excl, sum(subtotalvat) AS vat, sum(subtotalinclvat) AS incl
          FROM invoicelines WHERE invoice = ANY($1::bigint[]) GROUP BY invoice) s
 WHERE i.autoid = s.invoice`;

export async function generateInvoices(
  pool: pg.Pool,
  lines: number,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  await bulkFill(
    pool,
    { table: 'invoicelines', seed: 0.27, vacuum: ['invoices', 'invoicelines'], log },
    async (client, step) => {
      const invoices = Math.ceil(lines / LINES_PER_INVOICE);
      const count = async (table: string) =>
        Number((await client.query(`SELECT count(*) AS n FROM ${table} WHERE createdby = 'generator'`)).rows[0].n);
      const from = 1 + (await count('invoices'));
      const lineFrom = 1 + (await count('invoicelines'));
      const made = await step<{ autoid: string }>(
        `${invoices.toLocaleString('en')} invoices`,
        `${INVOICES_SQL} RETURNING autoid`,
        [from, from + invoices - 1],
      );
      const invoiceIds = made.rows.map((r) => Number(r.autoid)).sort((a, b) => a - b);
      await step(`${lines.toLocaleString('en')} invoice lines`, LINES_SQL, [
        lineFrom,
        lineFrom + lines - 1,
        invoiceIds,
      ]);
      await step('invoice totals', TOTALS_SQL, [invoiceIds]);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await generatorMain('generate:invoices', generateInvoices);
