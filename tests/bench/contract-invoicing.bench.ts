// Contract invoicing benchmark: what periodic invoicing of due contracts costs.
//
// What is measured
//   The engine runs the shipped packs (base + demo). CONTRACTS due contracts (running, started ten
//   days ago, invoiced monthly at a monthly price, never invoiced, so their next invoice date is
//   their start date), half priced by contract price and half by object prices, each with
//   OBJECTS object contracts, are put in the database directly (their making is not measured).
//   (a) Factureren of the contracts screen on all of them in one RunAction call, from a process of
//       its own: per contract an invoice for its first month through the write pipeline, a line
//       for the contract price or one per object contract with its subtotals, the invoice's
//       totals and period, the contract's invoiced-till and next invoice date, and every object
//       contract's invoiced-till. The statements the engine sends meanwhile are counted.
//   Beside it a hand-written set-based floor over another CONTRACTS contracts, in one
//   transaction: the invoices, their lines with subtotals, the totals and period, and the
//   contracts' and object contracts' invoiced-till and next invoice date, each as one
//   INSERT … SELECT or UPDATE … FROM. Making an invoice logs no status (an invoice's status is not
//   logged, a contract's does not change), which the run checks.
//   Both sides' invoices are compared (period, line count, totals, next invoice date per contract).
//
// Nothing is asserted: the figures are printed, with the ratio.
//
// Run: npm run bench (or node --import tsx tests/bench/contract-invoicing.bench.ts; CONTRACTS=… to
// change the number of contracts, 250 by default).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { once } from './load.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const CONTRACTS = Number(process.env.CONTRACTS) > 0 ? Number(process.env.CONTRACTS) : 250;
const OBJECTS = 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * CONTRACTS due contracts whose ID starts with `mark`, OBJECTS object contracts each, their
 * computed fields and totals as the definitions keep them; answers their AutoIDs.
 */
async function dueContracts(pool: pg.Pool, mark: string): Promise<number[]> {
  const ids = (
    await pool.query<{ autoid: string }>(
      `INSERT INTO contracts (id, descr, administration, contracttype, status, statusactive, relation, customerreference,
              startdate, enddate, initialterm, terminationterm, renewalterm, pricingtype, priceperiodunit, contractprice,
              currency, invoiceperiodunit, initialinvoice, invoiceatfirstworkflowitem, invoiceproduct, compression,
              nextinvoicedate, invoiceunit, priceunit, indexation)
       SELECT $1 || lpad(g::text, 5, '0'), 'Bench contract ' || g, a.autoid, t.autoid, s.autoid, true, r.autoid,
              'BENCH-' || g, current_date - 10, (current_date - 10 + interval '12 months')::date - 1, 12, 3, 12,
              CASE WHEN g % 2 = 0 THEN 'contractprice' ELSE 'objectprices' END, 'monthly',
              CASE WHEN g % 2 = 0 THEN 100 + g END, a.currency, 'monthly', false, false, p.autoid, false,
              current_date - 10, 'months', 'months', false
         FROM generate_series(1, $2::int) g
         CROSS JOIN (SELECT autoid, currency FROM administrations WHERE id = 'HOOFD') a
         CROSS JOIN (SELECT autoid FROM contracttypes WHERE id = 'SERVICE') t
         CROSS JOIN (SELECT autoid FROM contractstatuses WHERE id = 'LOPEND') s
         CROSS JOIN (SELECT autoid FROM products WHERE producttype = 'sale' AND vat IS NOT NULL ORDER BY autoid LIMIT 1) p
         CROSS JOIN LATERAL (SELECT autoid FROM relations ORDER BY autoid OFFSET g % 20 LIMIT 1) r
       ORDER BY g
       RETURNING autoid`,
      [mark, CONTRACTS],
    )
  ).rows.map((r) => Number(r.autoid));
  await pool.query(
    `INSERT INTO objectcontracts (contract, object, descr, price)
     SELECT c.autoid, o.autoid, o.descr, CASE WHEN c.pricingtype = 'objectprices' THEN 20 + n * 5 ELSE 0 END
       FROM contracts c
       CROSS JOIN generate_series(1, $2::int) n
       CROSS JOIN LATERAL (SELECT autoid, descr FROM objects ORDER BY autoid OFFSET (c.autoid * 7 + n) % 200 LIMIT 1) o
      WHERE c.autoid = ANY($1::bigint[])`,
    [ids, OBJECTS],
  );
  await pool.query(
    `UPDATE contracts c SET objectpricetotal = s.price, configurationvaluetotal = s.config
       FROM (SELECT contract, coalesce(sum(price), 0) AS price, coalesce(sum(configurationvalue), 0) AS config FROM objectcontracts
              WHERE contract = ANY($1::bigint[]) GROUP BY contract) s
      WHERE c.autoid = s.contract`,
    [ids],
  );
  return ids;
}

/** Whole months from `a` to `b` (dates), in SQL. */
const months = (a: string, b: string) =>
  `(extract(year FROM age(${b}, ${a})) * 12 + extract(month FROM age(${b}, ${a})))::int`;

/** The floor: the same invoices, lines, totals and date advances, set-based and by hand. */
async function floor(pool: pg.Pool, contracts: number[]): Promise<number> {
  const client = await pool.connect();
  const t0 = performance.now();
  try {
    await client.query('BEGIN');
    // Each due contract's span: from its next invoice date to the end of the last monthly period
    // (counted from its start) begun by today, or its end date when earlier.
    await client.query(
      `CREATE TEMP TABLE made ON COMMIT DROP AS
       SELECT c.autoid AS contract, nextval(pg_get_serial_sequence('invoices', 'autoid')) AS invoice,
              c.nextinvoicedate AS periodfrom,
              least(c.enddate, (c.startdate + make_interval(months => ${months('c.startdate', 'current_date')} + 1))::date - 1) AS periodtill
         FROM contracts c JOIN contractstatuses s ON s.autoid = c.status
        WHERE c.autoid = ANY($1::bigint[]) AND s.isactive AND c.pricingtype IN ('contractprice', 'objectprices')
          AND c.nextinvoicedate <= current_date AND (c.enddate IS NULL OR c.nextinvoicedate <= c.enddate)
        ORDER BY c.autoid`,
      [contracts],
    );
    await client.query(
      `INSERT INTO invoices (autoid, descr, reference, administration, project, invoicedate, status, invoicerelation,
              deliverrelation, language, blocked, blockedformerge, referencerequired, periodicinvoice, periodunit,
              contract, contractperiodfrom, contractperiodkey, salepricelist, paymentcondition, paymentmethod, duedate,
              currency, costcode, costcategory, createdby, modifiedby)
       SELECT m.invoice, c.descr, c.customerreference, c.administration, c.project, current_date, 'new', c.relation,
              c.relation, r.language, false, false, false, true, c.invoiceperiodunit, c.autoid, m.periodfrom, m.periodfrom,
              c.salepricelist, c.paymentcondition, c.paymentmethod, current_date + pc.paymentdays, c.currency, c.costcode,
              c.costcategory, 'admin', 'admin'
         FROM made m JOIN contracts c ON c.autoid = m.contract JOIN relations r ON r.autoid = c.relation
         LEFT JOIN paymentconditions pc ON pc.autoid = c.paymentcondition`,
    );
    await client.query(
      `INSERT INTO invoicelines (invoice, linetype, product, descr, quantity, price, lockprice, vatcode, objectcontract,
              rentalfrom, rentaltill, subtotalexclvat, subtotalvat, subtotalinclvat, createdby, modifiedby)
       SELECT l.invoice, 'sale', l.product, l.descr, l.quantity, l.price, true, p.vat, l.objectcontract, l.periodfrom,
              l.periodtill, round(l.quantity * l.price, 2), round(round(l.quantity * l.price, 2) * v.percentage / 100, 2),
              round(l.quantity * l.price, 2) + round(round(l.quantity * l.price, 2) * v.percentage / 100, 2), 'admin', 'admin'
         FROM (SELECT m.invoice, c.invoiceproduct AS product, c.descr, c.contractprice AS price, NULL::bigint AS objectcontract,
                      m.periodfrom, m.periodtill, ${months('m.periodfrom', 'm.periodtill + 1')} AS quantity
                 FROM made m JOIN contracts c ON c.autoid = m.contract WHERE c.pricingtype = 'contractprice'
               UNION ALL
               SELECT m.invoice, c.invoiceproduct, o.descr, o.price, o.autoid, m.periodfrom, m.periodtill,
                      ${months('m.periodfrom', 'm.periodtill + 1')}
                 FROM made m JOIN contracts c ON c.autoid = m.contract JOIN objectcontracts o ON o.contract = c.autoid
                WHERE c.pricingtype = 'objectprices') l
         JOIN products p ON p.autoid = l.product LEFT JOIN vatcodes v ON v.autoid = p.vat`,
    );
    await client.query(
      `UPDATE invoices i SET linecount = s.n, totalexclvat = s.excl, totalvat = s.vat, totalinclvat = s.incl,
              contractperiodtill = s.till
         FROM (SELECT invoice, count(*) AS n, sum(subtotalexclvat) AS excl, sum(subtotalvat) AS vat,
                      sum(subtotalinclvat) AS incl, max(rentaltill) AS till
                 FROM invoicelines WHERE invoice IN (SELECT invoice FROM made) GROUP BY invoice) s
        WHERE i.autoid = s.invoice`,
    );
    await client.query(
      `UPDATE contracts c SET invoicedtill = i.contractperiodtill, nextinvoicedate = i.contractperiodtill + 1
         FROM made m JOIN invoices i ON i.autoid = m.invoice WHERE c.autoid = m.contract`,
    );
    await client.query(
      `UPDATE objectcontracts o SET invoicedtill = l.till
         FROM (SELECT objectcontract, max(rentaltill) AS till FROM invoicelines
                WHERE invoice IN (SELECT invoice FROM made) AND objectcontract IS NOT NULL GROUP BY objectcontract) l
        WHERE o.autoid = l.objectcontract`,
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

/** What invoicing left per contract (in the order of their numbers), to compare the two sides. */
async function outcome(pool: pg.Pool, contracts: number[]) {
  return (
    await pool.query<{ row: string }>(
      `SELECT concat_ws(' ', c.nextinvoicedate, i.contractperiodfrom, i.contractperiodtill, i.linecount, i.totalexclvat,
              i.totalinclvat, (SELECT count(*) FROM objectcontracts o WHERE o.contract = c.autoid
                                  AND o.invoicedtill IS NOT DISTINCT FROM i.contractperiodtill)) AS row
         FROM contracts c LEFT JOIN invoices i ON i.contract = c.autoid
        WHERE c.autoid = ANY($1::bigint[]) ORDER BY c.id`,
      [contracts],
    )
  ).rows.map((r) => r.row);
}

/** Counts the statements every pg client of this process sends until `stop` is called. */
function countStatements(): { stop(): number } {
  const proto: { query: (...args: unknown[]) => unknown } = pg.Client.prototype;
  const original = proto.query;
  let count = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  return {
    stop() {
      proto.query = original;
      return count;
    },
  };
}

async function main(): Promise<void> {
  const shipped = await startShipped('contract-invoicing');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 4 });
  try {
    const { base, headers } = await shipped.listen();
    const engineContracts = await dueContracts(pool, 'BENCH-E-');
    const floorContracts = await dueContracts(pool, 'BENCH-F-');
    log(`${CONTRACTS} due contracts of ${OBJECTS} object contracts for each side`);
    const logRows = async () => Number((await pool.query('SELECT count(*) AS n FROM core_status_log')).rows[0].n);
    const logBefore = await logRows();

    const counter = countStatements();
    const made = await once(`${base}/mvc/contracts/RunAction`, {
      headers,
      body: { Action: 'invoice', autoids: engineContracts },
    });
    const statements = counter.stop();
    const logMade = (await logRows()) - logBefore;
    const floorMs = await floor(pool, floorContracts);
    const [engineSide, floorSide] = [await outcome(pool, engineContracts), await outcome(pool, floorContracts)];
    const invoiced = engineSide.filter((r) => r.split(' ').length > 2).length;
    const lines = Number(
      (
        await pool.query(
          `SELECT count(*) AS n FROM invoicelines WHERE invoice IN (SELECT autoid FROM invoices WHERE contract = ANY($1::bigint[]))`,
          [engineContracts],
        )
      ).rows[0].n,
    );
    const perSecond = (ms: number) => ((CONTRACTS / ms) * 1000).toFixed(0);
    printTable(
      ['operation', `${CONTRACTS} contracts`, 'contracts/s', 'vs floor'],
      [
        [
          'engine: Factureren (RunAction)',
          `${made.ms.toFixed(0)} ms`,
          perSecond(made.ms),
          `${(made.ms / floorMs).toFixed(1)}x`,
        ],
        ['floor: set-based SQL, one transaction', `${floorMs.toFixed(0)} ms`, perSecond(floorMs), '1.0x'],
      ],
    );
    const same = engineSide.join('\n') === floorSide.join('\n');
    log(
      `answer ${made.status}: ${made.answer.slice(0, 200)}\n` +
        `${invoiced} contracts invoiced with ${lines} lines; ${statements} statements (${(statements / CONTRACTS).toFixed(1)} a contract); ` +
        `${logMade} status log rows; the same invoices, totals and dates as the floor: ${same ? 'yes' : 'NO'}`,
    );
    if (!same) log(`engine: ${engineSide.slice(0, 3).join(' | ')}\nfloor:  ${floorSide.slice(0, 3).join(' | ')}`);
  } finally {
    await pool.end();
    await shipped.close();
  }
}

await main();
