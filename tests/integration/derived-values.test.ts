// Derived values are definitions: the demo's orders, their lines' subtotals, totals and earliest
// deliver dates come out of the engine as they came out of the code they replace; totals follow an
// import of lines; a value that cannot be kept refuses the write on its field and writes nothing.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, outputRows, sheetFile, startImport } from '../support/import-files.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
/** What the demo's orders held when order-totals and delivery-date were server code. */
const BEFORE = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'demo-order-totals.json'), 'utf8'),
);

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const query = async <R extends Record<string, unknown> = Record<string, unknown>>(
  sql: string,
  values: unknown[] = [],
) => (await server.engine.pool.query<R>(sql, values)).rows;

it("computes every demo order's totals, lines' subtotals and earliest deliver date as before", async () => {
  const orders = await query(
    'SELECT id, totalexclvat, totalvat, totalinclvat, earliestdeliverdate::text AS earliest FROM orders ORDER BY id',
  );
  const lines = await query(
    'SELECT o.id AS "order", l.descr, l.subtotalexclvat, l.subtotalvat, l.subtotalinclvat FROM orderlines l JOIN orders o ON o.autoid = l."order" ORDER BY o.id, l.autoid',
  );
  expect(orders.length).toBe(300);
  expect(lines.length).toBe(1024);
  // Two half cents the code rounded down in binary floating point are now rounded half-up in
  // decimal: 10 × 0.57 × (1 − 15/100) = 4.845 → 4.85 (was 4.84), and 21% of 750.50 = 157.605 →
  // 157.61 (was 157.60); their orders' totals follow. Everything else is as it was.
  const corrected = (
    rows: Record<string, string>[],
    key: (r: Record<string, string>) => string,
    fixes: Record<string, Record<string, string>>,
  ) => rows.map((r) => ({ ...r, ...fixes[key(r)] }));
  expect(orders).toEqual(
    corrected(BEFORE.orders, (r) => r.id, {
      'ORD-000057': { totalexclvat: '5962.50', totalinclvat: '7214.62' },
      'ORD-000197': { totalvat: '1574.48', totalinclvat: '9071.98' },
    }),
  );
  expect(lines).toEqual(
    corrected(BEFORE.lines, (r) => `${r.order} ${r.subtotalexclvat} ${r.subtotalvat}`, {
      'ORD-000057 4.84 1.02': { subtotalexclvat: '4.85', subtotalinclvat: '5.87' },
      'ORD-000197 750.50 157.60': { subtotalvat: '157.61', subtotalinclvat: '908.11' },
    }),
  );
  // The totals over the lines are kept on the order too.
  const [sums] = await query(
    'SELECT count(*) FILTER (WHERE o.linesexclvat = s.excl) AS same, count(*) AS n FROM orders o JOIN (SELECT "order", sum(subtotalexclvat) AS excl FROM orderlines GROUP BY "order") s ON s."order" = o.autoid',
  );
  expect(Number(sums.same)).toBe(Number(sums.n));
});

it("keeps an order's totals when lines are imported into it", async () => {
  const cookie = await signIn(server.app);
  const [order] = await query<{ autoid: number; id: string; totalexclvat: string }>(
    "SELECT o.autoid, o.id, o.totalexclvat FROM orders o WHERE o.status = 2 AND o.ordercostsmethod <> 'percentage' ORDER BY o.id LIMIT 1",
  );
  const [product] = await query<{ id: string }>(
    "SELECT id FROM products WHERE producttype = 'sale' AND NOT archive ORDER BY id LIMIT 1",
  );
  const file = await sheetFile([
    ['Order', 'Artikel', 'Aantal', 'Prijs'],
    [order.id, product.id, 2, 10.05],
    [order.id, product.id, 3, 1.1],
  ]);
  const started = await startImport(base, cookie, { Destination: 'orderlines', file, DecimalFormat: 'Dot' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const task = await finished(base, cookie, started.body.AutoID);
  expect(task.ProcessedRecords, JSON.stringify(await outputRows(base, cookie, task.AutoID))).toBe(2);
  const [after] = await query('SELECT totalexclvat FROM orders WHERE autoid = $1', [order.autoid]);
  expect(Number(after.totalexclvat)).toBeCloseTo(Number(order.totalexclvat) + 20.1 + 3.3, 2);
});

it("keeps an order's totals when a line is deleted, and a new order's totals start at 0", async () => {
  const [order] = await query(
    "SELECT o.autoid, o.totalexclvat FROM orders o WHERE o.status = 2 AND o.ordercostsmethod <> 'percentage' AND o.transportcostsmethod <> 'percentage' AND EXISTS (SELECT 1 FROM orderlines l WHERE l.\"order\" = o.autoid AND l.subtotalexclvat > 0) ORDER BY o.id LIMIT 1",
  );
  const [line] = await query(
    'SELECT autoid, subtotalexclvat FROM orderlines WHERE "order" = $1 AND subtotalexclvat > 0 ORDER BY autoid LIMIT 1',
    [order.autoid],
  );
  expect((await post(server.app, '/mvc/orderlines/delete', { autoid: Number(line.autoid) })).status).toBe(200);
  const [after] = await query('SELECT totalexclvat FROM orders WHERE autoid = $1', [order.autoid]);
  expect(Number(after.totalexclvat)).toBeCloseTo(Number(order.totalexclvat) - Number(line.subtotalexclvat), 2);
  const [relation] = await query('SELECT autoid FROM relations ORDER BY autoid LIMIT 1');
  const made = await post(server.app, '/mvc/orders/save', {
    OrderDate: '2026-11-27',
    DeliverRelation: Number(relation.autoid),
  });
  expect(made.body).toMatchObject({ LinesExclVat: 0, LinesVat: 0, TotalExclVat: 0, TotalInclVat: 0 });
});

it('refuses a line whose subtotal does not fit its column, naming the field and its inputs; nothing is written', async () => {
  const [order] = await query('SELECT autoid FROM orders WHERE status = 2 ORDER BY id LIMIT 1');
  const [product] = await query(
    "SELECT autoid FROM products WHERE producttype = 'sale' AND NOT archive ORDER BY id LIMIT 1",
  );
  const before = await query('SELECT count(*) AS n FROM orderlines');
  const res = await post(server.app, '/mvc/orderlines/save', {
    Order: order.autoid,
    Product: product.autoid,
    OrderQuantity: 99999999,
    Price: 99999999,
  });
  expect(res.status).toBe(400);
  expect(res.body.ModelState.SubtotalExclVat[0]).toMatch(
    /past niet in 12 cijfers en 2 decimalen \(.*OrderQuantity = 99999999.*Price = 99999999/,
  );
  expect(res.body.TranslationModelState.ModelState.SubtotalExclVat[0].Key).toBe('validation.expression_digits');
  expect(await query('SELECT count(*) AS n FROM orderlines')).toEqual(before);
});
