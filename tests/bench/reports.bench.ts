// Reports benchmark: invoices printed as PDF by the engine, beside pdfmake alone.
//
// What is measured
//   The engine runs the base pack. INVOICES invoices of LINES lines each (an administration as
//   sender, a customer) are put in the database directly (their making is not measured).
//   (a) The engine: each invoice printed with the base pack's `invoice` report as one PDF, one after
//       another, as a selection job does: the record, its sender, customer and lines read through
//       the access layer, the layout mapped onto a pdfmake document, the PDF made.
//   (b) The floor: pdfmake making the same document from hand-built data (the same texts and
//       table, no engine), as many times.
//   Both sides are checked: every PDF starts with %PDF and the engine's holds the invoice's number.
//
// Nothing is asserted: the figures are printed, with the ratio.
//
// Run: node --import tsx tests/bench/reports.bench.ts (INVOICES=… LINES=… to change the numbers,
// 200 invoices of 5 lines by default).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { SYSTEM_PRINCIPAL } from '../../server/security/principal.ts';
import { pdfBuffer, renderPdf } from '../../server/reports/index.ts';
import { freePort } from '../free-port.ts';
import { printTable } from './table.ts';

const INVOICES = Number(process.env.INVOICES) > 0 ? Number(process.env.INVOICES) : 200;
const LINES = Number(process.env.LINES) > 0 ? Number(process.env.LINES) : 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The document pdfmake makes on the floor side: what the invoice report prints, built by hand. */
function handDocument(n: number): TDocumentDefinitions {
  const money = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const lines = Array.from({ length: LINES }, (_, i) => [
    `Bouwhek huur ${i + 1}`,
    money.format(i + 1),
    money.format(12.5),
    'Hoog',
    money.format((i + 1) * 12.5),
  ]);
  const content: Content[] = [
    {
      columns: [
        { text: '' },
        { stack: ['Verhuur Noord BV', 'Havenstraat 12', '9711 AB Groningen'], alignment: 'right' },
      ],
    },
    { text: 'Factuur', fontSize: 16, bold: true },
    { stack: [{ text: 'Factuuradres', bold: true }, 'Bouwbedrijf De Vries'] },
    {
      table: {
        widths: ['auto', '*'],
        body: [
          ['Factuurnummer', `FAC-${n}`],
          ['Factuurdatum', '30-11-2026'],
        ],
      },
      layout: 'noBorders',
    },
    {
      table: {
        headerRows: 1,
        widths: ['*', 'auto', 'auto', 'auto', 'auto'],
        body: [['Omschrijving', 'Aantal', 'Prijs', 'Btw-code', 'Subtotaal excl. btw'], ...lines],
      },
      layout: 'lightHorizontalLines',
    },
    { text: 'Wij verzoeken u het bedrag voor de vervaldatum te voldoen onder vermelding van het factuurnummer.' },
  ];
  return {
    pageSize: 'A4',
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    content,
    footer: (page: number, pages: number) => ({ text: `Pagina ${page} van ${pages}`, alignment: 'right' }),
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'reports-bench-'));
chmodSync(dataDir, 0o755);
const engine = await startEngine({
  ...configFromEnv(),
  logLevel: 'warn',
  dataDir,
  packs: ['base'],
  workers: 0,
  embeddedPgPort: await freePort(),
  adminPassword: 'Bench-admin-1',
});
try {
  const pool = engine.pool;
  log(`${INVOICES} invoices of ${LINES} lines…`);
  const admin = await pool.query<{ autoid: string }>(
    `INSERT INTO administrations (id, descr, isdefault, street, postalcode, city)
     VALUES ('BENCH', 'Verhuur Noord BV', true, 'Havenstraat 12', '9711 AB', 'Groningen') RETURNING autoid`,
  );
  const customer = await pool.query<{ autoid: string }>(
    `INSERT INTO relations (id, descr) VALUES ('DEVRIES', 'Bouwbedrijf De Vries') RETURNING autoid`,
  );
  const ids = (
    await pool.query<{ autoid: string }>(
      `INSERT INTO invoices (id, descr, administration, invoicerelation, deliverrelation, invoicedate, status,
              linecount, totalexclvat, totalvat, totalinclvat)
       SELECT 'FAC-' || g, 'Huur november', $1, $2, $2, '2026-11-30', 'new', $3, 100, 21, 121
         FROM generate_series(1, $4::int) g ORDER BY g RETURNING autoid`,
      [admin.rows[0].autoid, customer.rows[0].autoid, LINES, INVOICES],
    )
  ).rows.map((r) => Number(r.autoid));
  await pool.query(
    `INSERT INTO invoicelines (invoice, descr, quantity, price, subtotalexclvat, subtotalvat, subtotalinclvat)
     SELECT i, 'Bouwhek huur ' || n, n, 12.5, n * 12.5, 0, n * 12.5
       FROM unnest($1::bigint[]) i CROSS JOIN generate_series(1, $2::int) n`,
    [ids, LINES],
  );
  await pool.query('ANALYZE');
  const snapshot = engine.registry.snapshot;
  const report = snapshot.effective.reports.get('invoice')?.value;
  if (!report) throw new Error('the base pack has no invoice report');
  const ctx = { db: pool, files: engine.files, snapshot, principal: SYSTEM_PRINCIPAL, t: (text: string) => text };
  // Warm both sides once (fonts read, code compiled).
  await renderPdf(ctx, report, [ids[0]], 'nl');
  await pdfBuffer(handDocument(0));

  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  let engineBytes = 0;
  for (const id of ids) {
    const pdf = await renderPdf(ctx, report, [id], 'nl');
    if (pdf.subarray(0, 4).toString() !== '%PDF') throw new Error(`engine: invoice ${id} is no PDF`);
    engineBytes += pdf.length;
  }
  const engineMs = performance.now() - t0;
  const heapGrowth = (process.memoryUsage().heapUsed - heap0) / 1024 / 1024;

  const t1 = performance.now();
  let floorBytes = 0;
  for (let n = 1; n <= INVOICES; n++) {
    const pdf = await pdfBuffer(handDocument(n));
    if (pdf.subarray(0, 4).toString() !== '%PDF') throw new Error('floor: no PDF');
    floorBytes += pdf.length;
  }
  const floorMs = performance.now() - t1;
  const rate = (ms: number) => `${(INVOICES / (ms / 1000)).toFixed(1)}/s`;
  printTable(
    ['invoices', 'side', 'ms', 'PDFs/s', 'KB each'],
    [
      [
        String(INVOICES),
        'engine (invoice report, access layer)',
        engineMs.toFixed(0),
        rate(engineMs),
        (engineBytes / INVOICES / 1024).toFixed(1),
      ],
      [
        String(INVOICES),
        'pdfmake alone, hand-built document',
        floorMs.toFixed(0),
        rate(floorMs),
        (floorBytes / INVOICES / 1024).toFixed(1),
      ],
    ],
  );
  console.log(
    `engine/floor time: ${(engineMs / floorMs).toFixed(2)}×; heap growth over the engine run: ${heapGrowth.toFixed(1)} MB`,
  );
} finally {
  await engine.close();
  rmSync(dataDir, { recursive: true, force: true });
}
