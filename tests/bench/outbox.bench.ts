// Outbox benchmark: 10,000 queued e-mails delivered to a local SMTP server by one process.
//
// What is measured
//   The engine runs the shipped packs (base + demo) with no job workers, and the mail server
//   settings point at an smtp-server on a loopback port. 10,000 e-mails are queued with
//   enqueueMessage in one transaction; then one sendDue (the outbox-send job's work: claim a batch
//   with FOR UPDATE SKIP LOCKED, send it through the e-mail transport, mark each row) runs until
//   the outbox is empty. The floors: nodemailer sending the same 10,000 messages to the same
//   server in a plain loop, one at a time, and with as many at once as the sender uses (the
//   sender's overhead is the difference: the claims and the marks in PostgreSQL).
//
// Nothing is asserted: the figures are printed.
//
// Run: node --import tsx tests/bench/outbox.bench.ts
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import pg from 'pg';
import {
  closeEmailConnections,
  emailTransport,
  enqueueMessage,
  cachedMailSettings,
  registerTransport,
  sendDue,
  type EmailPayload,
} from '../../server/messages/index.ts';
import { localSmtp } from '../support/smtp.ts';
import { startShipped } from './shipped.ts';
import { printTable } from './table.ts';

const MESSAGES = Number(process.env.OUTBOX_BENCH_MESSAGES) > 0 ? Number(process.env.OUTBOX_BENCH_MESSAGES) : 10_000;
const CONCURRENCY = 10;
const log = (line: string) => process.stderr.write(`${line}\n`);

const message = (i: number): EmailPayload => ({
  to: [`klant${i}@example.test`],
  subject: `Orderbevestiging ${i} — één stap verder`,
  text: `Geachte klant,\n\nuw order ${i} is bevestigd.\n`,
  html: `<p>Geachte klant,</p><p>uw order <b>${i}</b> is bevestigd.</p>`,
});

async function main(): Promise<void> {
  process.env.WORKERS = '0';
  const smtp = await localSmtp();
  const shipped = await startShipped('outbox');
  const pool = new pg.Pool({ connectionString: shipped.engine.databaseUrl, max: CONCURRENCY + 2 });
  const rows: string[][] = [];
  try {
    await pool.query(
      `UPDATE mailserversettings SET host = '127.0.0.1', port = $1, usetls = false, senderaddress = 'noreply@example.test', testmode = false`,
      [smtp.port],
    );
    registerTransport('email', emailTransport({ settings: cachedMailSettings(pool), maxConnections: CONCURRENCY }));

    const q0 = performance.now();
    const client = await pool.connect();
    await client.query('BEGIN');
    for (let i = 0; i < MESSAGES; i++) await enqueueMessage(client, { kind: 'email', payload: message(i) });
    await client.query('COMMIT');
    client.release();
    const queueMs = performance.now() - q0;
    log(`queued ${MESSAGES} in ${Math.round(queueMs)} ms`);

    const s0 = performance.now();
    const counts = await sendDue(pool, { batchSize: 200, concurrency: CONCURRENCY, budgetMs: 30 * 60_000 });
    const sendMs = performance.now() - s0;
    const arrived = smtp.arrived.length;
    log(`sent ${counts.succeeded} (${arrived} arrived) in ${Math.round(sendMs)} ms`);
    rows.push([
      'outbox sender (claim, send, mark)',
      String(counts.succeeded),
      `${Math.round(sendMs)}`,
      (counts.succeeded / (sendMs / 1000)).toFixed(0),
    ]);
    rows.push([
      'queueing (enqueueMessage, one transaction)',
      String(MESSAGES),
      `${Math.round(queueMs)}`,
      (MESSAGES / (queueMs / 1000)).toFixed(0),
    ]);
    closeEmailConnections();

    const floors: [string, number][] = [
      ['floor: nodemailer, plain loop, one at a time', 1],
      [`floor: nodemailer, ${CONCURRENCY} at a time`, CONCURRENCY],
    ];
    for (const [label, at] of floors) {
      const t = nodemailer.createTransport({
        pool: true,
        maxConnections: at,
        maxMessages: Infinity,
        host: '127.0.0.1',
        port: smtp.port,
        ignoreTLS: true,
      });
      const f0 = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: at }, async () => {
          while (next < MESSAGES) {
            const i = next++;
            await t.sendMail({ from: 'noreply@example.test', ...message(i) });
          }
        }),
      );
      const ms = performance.now() - f0;
      t.close();
      rows.push([label, String(MESSAGES), `${Math.round(ms)}`, (MESSAGES / (ms / 1000)).toFixed(0)]);
    }
  } finally {
    await pool.end();
    await shipped.close();
    await smtp.close();
  }
  console.log(`\nOutbox: ${MESSAGES} e-mails to a local SMTP server, one process`);
  printTable(['what', 'messages', 'ms', 'per second'], rows);
}

await main();
