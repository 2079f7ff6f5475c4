// Invoicing benchmark: what making and completing invoices from delivered orders costs.
//
// What is measured
//   The engine runs the shipped packs (base + demo). ORDERS delivered orders of LINES sale lines
//   each are put in the database directly (their making is not measured).
//   (a) Factureren on all of them in one RunAction call, from a process of its own: per order an
//       invoice through the write pipeline, a line per delivered line with its subtotals, the
//       invoice's totals, the order lines' invoiced quantities.
//   (b) Afronden of all those invoices in one ChangeStatus call: per invoice a number drawn from
//       the administration's sequence, the status and its log row, and a posted sales journal
//       with a line per revenue and VAT amount and one for the debtor.
//   Beside them a hand-written set-based floor over another ORDERS orders, in one transaction:
//   the invoices, their lines with subtotals, the totals, the invoiced quantities, consecutive
//   numbers, the status log rows, the journals and their lines, each as one INSERT … SELECT or
//   UPDATE … FROM.
//
// Nothing is asserted: the figures are printed, with the ratios.
//
// Run: npm run bench (or node --import tsx tests/bench/invoicing.bench.ts).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { once } from './load.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const ORDERS = 250;
const LINES = 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** ORDERS delivered orders (status Afgerond) with LINES delivered sale lines each; answers their AutoIDs. */
async function deliveredOrders(pool: pg.Pool, mark: string): Promise<number[]> {
  const ids = (
    await pool.query<{ autoid: string }>(
      `INSERT INTO orders (id, descr, administration, orderdate, status, deliverrelation, invoicerelation)
       SELECT $1 || lpad(g::text, 5, '0'), 'Bench ' || g, a.autoid, DATE '2026-11-02', 6, r.autoid, r.autoid
         FROM generate_series(1, $2::int) g
         CROSS JOIN (SELECT autoid FROM administrations WHERE id = 'HOOFD') a
         CROSS JOIN (SELECT autoid FROM relations ORDER BY autoid LIMIT 1) r
       RETURNING autoid`,
      [mark, ORDERS],
    )
  ).rows.map((r) => Number(r.autoid));
  await pool.query(
    `INSERT INTO orderlines ("order", linetype, product, descr, orderquantity, price, vatcode, deliveredquantity)
     SELECT o, 'sale', p.autoid, p.descr, 1 + n % 3, 10 + n, v.autoid, 1 + n % 3
       FROM unnest($1::bigint[]) o
       CROSS JOIN generate_series(1, $2::int) n
       CROSS JOIN LATERAL (SELECT autoid, descr FROM products WHERE producttype = 'sale' ORDER BY autoid OFFSET n LIMIT 1) p
       CROSS JOIN (SELECT autoid FROM vatcodes WHERE id = 'H21') v`,
    [ids, LINES],
  );
  return ids;
}

/** The floor: the same invoices, lines, totals, numbers, logs and journals, set-based and by hand. */
async function floor(pool: pg.Pool, orders: number[]): Promise<number> {
  const client = await pool.connect();
  const t0 = performance.now();
  try {
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE made ON COMMIT DROP AS
       SELECT o.autoid AS orderid, nextval(pg_get_serial_sequence('invoices', 'autoid')) AS invoice FROM orders o
        WHERE o.autoid = ANY($1::bigint[]) ORDER BY o.autoid`,
      [orders],
    );
    await client.query(
      `INSERT INTO invoices (autoid, descr, administration, invoicedate, status, invoicerelation, deliverrelation, orderdate)
       SELECT m.invoice, o.descr, o.administration, DATE '2026-11-27', 'new', o.invoicerelation, o.deliverrelation, o.orderdate
         FROM made m JOIN orders o ON o.autoid = m.orderid`,
    );
    await client.query(
      `INSERT INTO invoicelines (invoice, "order", orderline, linetype, product, descr, quantity, price, lockprice, vatcode,
              subtotalexclvat, subtotalvat, subtotalinclvat)
       SELECT m.invoice, l."order", l.autoid, l.linetype, l.product, l.descr, l.deliveredquantity, l.price, true, l.vatcode,
              round(l.deliveredquantity * l.price, 2), round(round(l.deliveredquantity * l.price, 2) * v.percentage / 100, 2),
              round(l.deliveredquantity * l.price, 2) + round(round(l.deliveredquantity * l.price, 2) * v.percentage / 100, 2)
         FROM made m JOIN orderlines l ON l."order" = m.orderid JOIN vatcodes v ON v.autoid = l.vatcode`,
    );
    await client.query(
      `UPDATE orderlines l SET invoicedquantity = s.q FROM (SELECT orderline, sum(quantity) AS q FROM invoicelines
        WHERE invoice IN (SELECT invoice FROM made) GROUP BY orderline) s WHERE l.autoid = s.orderline`,
    );
    const next = Number(
      (await client.query(`SELECT invoicenextnumber AS n FROM administrations WHERE id = 'HOOFD' FOR UPDATE`)).rows[0]
        .n,
    );
    await client.query(
      `UPDATE invoices i SET status = 'completed', id = 'FAC-' || lpad((${next} + s.rn - 1)::text, 7, '0'),
              linecount = s.n, totalexclvat = s.excl, totalvat = s.vat, totalinclvat = s.excl + s.vat
         FROM (SELECT m.invoice, row_number() OVER (ORDER BY m.invoice) AS rn, count(*) AS n,
                      sum(l.subtotalexclvat) AS excl, sum(l.subtotalvat) AS vat
                 FROM made m JOIN invoicelines l ON l.invoice = m.invoice GROUP BY m.invoice) s
        WHERE i.autoid = s.invoice`,
    );
    await client.query(`UPDATE administrations SET invoicenextnumber = invoicenextnumber + $1 WHERE id = 'HOOFD'`, [
      orders.length,
    ]);
    await client.query(
      `INSERT INTO core_status_log (table_name, record_id, field_name, transition, from_value, to_value, changed_by)
       SELECT 'invoices', invoice, 'Status', 'complete', '"new"', '"completed"', 'admin' FROM made`,
    );
    await client.query(
      `INSERT INTO journals (type, status, invoice, documentnumber, descr, bookdate, administration, relation)
       SELECT 'sales', 'posted', i.autoid, i.id, i.descr, i.invoicedate, i.administration, i.invoicerelation
         FROM invoices i WHERE i.autoid IN (SELECT invoice FROM made)`,
    );
    await client.query(
      `INSERT INTO journallines (journal, generalledger, side, amount, credit, descr)
       SELECT j.autoid, a.revenuegeneralledger, 'credit', l.subtotalexclvat, l.subtotalexclvat, l.descr
         FROM journals j JOIN invoicelines l ON l.invoice = j.invoice JOIN administrations a ON a.autoid = j.administration
        WHERE j.invoice IN (SELECT invoice FROM made)
       UNION ALL
       SELECT j.autoid, v.generalledger, 'credit', l.subtotalvat, l.subtotalvat, v.descr
         FROM journals j JOIN invoicelines l ON l.invoice = j.invoice JOIN vatcodes v ON v.autoid = l.vatcode
        WHERE j.invoice IN (SELECT invoice FROM made)
       UNION ALL
       SELECT j.autoid, a.debtorsgeneralledger, 'debit', i.totalinclvat, NULL, i.descr
         FROM journals j JOIN invoices i ON i.autoid = j.invoice JOIN administrations a ON a.autoid = j.administration
        WHERE j.invoice IN (SELECT invoice FROM made)`,
    );
    await client.query(
      `UPDATE journals j SET totaldebit = s.d, totalcredit = s.c, linecount = s.n
         FROM (SELECT journal, sum(CASE WHEN side = 'debit' THEN amount ELSE 0 END) AS d,
                      sum(CASE WHEN side = 'credit' THEN amount ELSE 0 END) AS c, count(*) AS n
                 FROM journallines GROUP BY journal) s
        WHERE j.autoid = s.journal AND j.invoice IN (SELECT invoice FROM made)`,
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

async function main(): Promise<void> {
  const shipped = await startShipped('invoicing');
  const { engine } = shipped;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 4 });
  try {
    const { base, headers } = await shipped.listen();
    const engineOrders = await deliveredOrders(pool, 'BENCH-E-');
    const floorOrders = await deliveredOrders(pool, 'BENCH-F-');
    log(`${ORDERS} delivered orders of ${LINES} lines for each side`);

    const made = await once(`${base}/mvc/orders/RunAction`, {
      headers,
      body: { Action: 'invoice', autoids: engineOrders },
    });
    const invoices = (
      await pool.query<{ autoid: string }>(
        `SELECT DISTINCT invoice AS autoid FROM invoicelines WHERE "order" = ANY($1::bigint[])`,
        [engineOrders],
      )
    ).rows.map((r) => Number(r.autoid));
    const completed = await once(`${base}/mvc/invoices/ChangeStatus`, {
      headers,
      body: { autoids: invoices, Transition: 'complete', Values: {} },
    });
    const journalLines = Number(
      (
        await pool.query(
          `SELECT count(*) AS n FROM journallines WHERE journal IN (SELECT autoid FROM journals WHERE invoice = ANY($1::bigint[]))`,
          [invoices],
        )
      ).rows[0].n,
    );
    const floorMs = await floor(pool, floorOrders);
    const perSecond = (ms: number) => ((ORDERS / ms) * 1000).toFixed(0);
    const engineMs = made.ms + completed.ms;
    printTable(
      ['operation', `${ORDERS} orders`, 'invoices/s', 'vs floor'],
      [
        ['engine: Factureren (RunAction)', `${made.ms.toFixed(0)} ms`, perSecond(made.ms), ''],
        ['engine: Afronden (ChangeStatus)', `${completed.ms.toFixed(0)} ms`, perSecond(completed.ms), ''],
        ['engine: both', `${engineMs.toFixed(0)} ms`, perSecond(engineMs), `${(engineMs / floorMs).toFixed(1)}x`],
        ['floor: set-based SQL, one transaction', `${floorMs.toFixed(0)} ms`, perSecond(floorMs), '1.0x'],
      ],
    );
    log(`answers ${made.status}/${completed.status}; ${invoices.length} invoices, ${journalLines} journal lines`);
  } finally {
    await pool.end();
    await shipped.close();
  }
}

await main();
