// Fills a database of the shipped packs with many relation contracts, for the contracts grid
// benchmark and for trying the contracts screens at size: contracts of the types the database
// has (their pricing, periods and terms), running 80%, on hold 5%, ended 15% (ended more than 90
// days ago archived, as the ended status archives them), 5% billed on time and materials, each
// with 5 object contracts over the objects the database already has (the demo pack's seeds;
// objects are shared, only ObjectContract rows are made), over the relations and products the
// database already has. A customer reference `REF-nnnnn` is shared by 1 in 100,000 contracts, so
// a prefix of 7 characters finds about 1 in 1,000. Each contract's computed and rollup fields are
// as the definitions compute them: its end date from the start date and the initial term (moved
// on by whole renewal terms while running), its active flag from its status, the totals of its
// objects' prices and configuration values, its invoice and price units, and — no invoices being
// made — an empty invoiced-till and its start date as the next invoice date.
//
//   DATABASE_URL=postgres://… npm run generate:contracts -- 100000
//
// The rows are written by one INSERT … SELECT over generate_series per table, with the object
// contracts' indexes dropped and rebuilt afterwards.
import type pg from 'pg';
import { bulkFill, generatorMain, ids, MODEL_NAMES, pick, sqlArray } from './bulk-fill.ts';

/** Object contracts per generated contract. */
export const OBJECTS_PER_CONTRACT = 5;
/** A customer reference prefix shared by about 1 in 1,000 generated contracts. */
export const REFERENCE_PREFIX = 'REF-001';

const WORDS = {
  kind: ['Onderhoud', 'Service', 'Keuring', 'Beheer', 'Verhuur', 'Inspectie'],
  noun: ['graafmachines', 'aggregaten', 'hoogwerkers', 'verreikers', 'bouwunits', 'pompen', 'hijsmiddelen', 'steigers'],
  ...MODEL_NAMES,
};

/** The JSON Logic period unit names of a select value of a period unit field (InvoiceUnit, PriceUnit). */
const unit = (column: string) =>
  `CASE ${column} WHEN 'daily' THEN 'days' WHEN 'weekly' THEN 'weeks' WHEN 'monthly' THEN 'months'
     WHEN 'quarterly' THEN 'quarters' WHEN 'halfyearly' THEN 'half-years' ELSE 'years' END`;

/** Contracts $1…$2 of the default administration, started over the last six years. */
const CONTRACTS_SQL = `
WITH v AS (
  SELECT ${Object.entries(WORDS)
    .map(([name, words]) => `${sqlArray(words)} AS ${name}`)
    .join(', ')},
    ${ids('relations')} AS relation, ${ids('contracttypes')} AS ctype,
    (SELECT array_agg(autoid ORDER BY autoid) FROM products WHERE vat IS NOT NULL) AS product,
    (SELECT autoid FROM administrations ORDER BY isdefault DESC NULLS LAST, autoid LIMIT 1) AS administration
)
INSERT INTO contracts (id, descr, administration, contracttype, status, statusactive, relation, customerreference,
  startdate, enddate, terminationdate, initialterm, terminationterm, renewalterm, pricingtype, priceperiodunit,
  contractprice, configurationvaluepct, minimumprice, currency, invoiceperiodunit, initialinvoice,
  invoiceatfirstworkflowitem, invoiceproduct, compression, nextinvoicedate, invoiceunit, priceunit, indexation,
  archive, createdby, modifiedby)
SELECT 'GCTR-' || lpad(i::text, 7, '0'), g.descr, g.administration, t.autoid, st.autoid, st.isactive, g.relation,
  'REF-' || lpad(((i::bigint * 7919) % 100000)::text, 5, '0'),
  d.startdate, d.enddate, CASE WHEN g.state = 'ended' THEN (d.enddate - (t.terminationterm || ' months')::interval)::date - 14 END,
  t.initialterm, t.terminationterm, t.renewalterm, p.pricing, t.invoiceperiodunit,
  CASE WHEN p.pricing = 'contractprice' THEN round((50 + random() * 2000)::numeric, 2) END,
  CASE WHEN p.pricing = 'configurationvalue' THEN 2.5 END, CASE WHEN p.pricing = 'configurationvalue' THEN 500 END,
  a.currency, t.invoiceperiodunit, false, false, g.product, false, d.startdate,
  ${unit('t.invoiceperiodunit')}, ${unit('t.invoiceperiodunit')}, false,
  g.state = 'ended' AND d.enddate < current_date - 90, 'generator', 'generator'
FROM v, generate_series($1::int, $2::int) AS i,
LATERAL (
  SELECT ${pick('relation')} AS relation, ${pick('ctype')} AS ctype, ${pick('product')} AS product,
    ${pick('kind')} || ' ' || ${pick('noun')} || ' ' || initcap(${pick('syl1')} || ${pick('syl2')}) AS descr,
    CASE WHEN r < 0.80 THEN 'running' WHEN r < 0.85 THEN 'onhold' ELSE 'ended' END AS state,
    random() < 0.05 AS bytime, random() AS age, v.administration
  FROM (SELECT random() + 0 * i AS r) x
) g
JOIN contracttypes t ON t.autoid = g.ctype
JOIN administrations a ON a.autoid = g.administration
JOIN contractstatuses st ON st.id = CASE g.state WHEN 'running' THEN 'LOPEND' WHEN 'onhold' THEN 'OPGESCHORT' ELSE 'BEEINDIGD' END
CROSS JOIN LATERAL (SELECT CASE WHEN g.bytime THEN 'timeandmaterials' ELSE t.pricing END AS pricing) p
CROSS JOIN LATERAL (
  -- A running or paused contract started in the last six years and is moved on by whole renewal
  -- terms until it ends today or later; an ended one ran its initial term and ended in the past.
  SELECT s.startdate, CASE WHEN g.state = 'ended' THEN s.firstend
    ELSE (s.startdate + ((t.initialterm + greatest(0, ceil((s.months - t.initialterm + 1)::numeric
      / greatest(t.renewalterm, 1)))::int * greatest(t.renewalterm, 1)) || ' months')::interval)::date - 1 END AS enddate
  FROM (
    SELECT st0.startdate, (st0.startdate + (t.initialterm || ' months')::interval)::date - 1 AS firstend,
      (extract(year FROM age(current_date, st0.startdate)) * 12 + extract(month FROM age(current_date, st0.startdate)))::int AS months
    FROM (SELECT date_trunc('month', CASE WHEN g.state = 'ended'
        THEN (current_date - (t.initialterm || ' months')::interval)::date - floor(g.age * 1000)::int
        ELSE current_date - floor(g.age * 2190)::int END)::date AS startdate) st0
  ) s
) d`;

/** OBJECTS_PER_CONTRACT object contracts for each of the contracts $1 (their AutoIDs) over the objects there are. */
const OBJECT_CONTRACTS_SQL = `
WITH v AS (SELECT ${ids('objects')} AS object)
INSERT INTO objectcontracts (contract, object, descr, price, configurationvalue, createdby, modifiedby)
SELECT c.autoid, o.autoid, o.descr,
  CASE WHEN c.pricingtype = 'objectprices' THEN round((20 + random() * 280)::numeric, 2) ELSE 0 END,
  CASE WHEN c.pricingtype = 'configurationvalue' THEN round((5000 + random() * 45000)::numeric, 0) END,
  'generator', 'generator'
FROM contracts c CROSS JOIN generate_series(1, ${OBJECTS_PER_CONTRACT}) AS n
CROSS JOIN LATERAL (SELECT ${pick('object')} AS object FROM v WHERE n > 0 AND c.autoid > 0) p
JOIN objects o ON o.autoid = p.object
WHERE c.autoid = ANY($1::bigint[])`;

/** Each generated contract's totals over its object contracts, as its rollups keep them. */
const TOTALS_SQL = `
UPDATE contracts c SET objectpricetotal = s.price, configurationvaluetotal = s.config
  FROM (SELECT contract, coalesce(sum(price), 0) AS price, coalesce(sum(configurationvalue), 0) AS config
          FROM objectcontracts WHERE contract = ANY($1::bigint[]) GROUP BY contract) s
 WHERE c.autoid = s.contract`;

export async function generateContracts(
  pool: pg.Pool,
  contracts: number,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  await bulkFill(
    pool,
    { table: 'objectcontracts', seed: 0.33, vacuum: ['contracts', 'objectcontracts'], log },
    async (client, step) => {
      const from =
        1 + Number((await client.query(`SELECT count(*) AS n FROM contracts WHERE createdby = 'generator'`)).rows[0].n);
      const made = await step<{ autoid: string }>(
        `${contracts.toLocaleString('en')} contracts`,
        `${CONTRACTS_SQL} RETURNING autoid`,
        [from, from + contracts - 1],
      );
      const contractIds = made.rows.map((r) => Number(r.autoid));
      await step(`${(contracts * OBJECTS_PER_CONTRACT).toLocaleString('en')} object contracts`, OBJECT_CONTRACTS_SQL, [
        contractIds,
      ]);
      await step('contract totals', TOTALS_SQL, [contractIds]);
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await generatorMain('generate:contracts', generateContracts);
