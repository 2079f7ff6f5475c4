// Import benchmark: 100,000 rows × 12 columns from an .xlsx into a table with a list field, end
// to end with a result per row, beside the floor of the same run.
//
// What is measured
//   A separate process (curl) sends the file to StartImport of the signed-in server; the clock
//   runs until the task is processed: the upload, the archive's inspection, the sheet read in
//   its worker, every row checked as a save checks it (list codes resolved), written in batches
//   with its result and the checkpoint, and the output file written. The floor is the least any
//   import must do: the same sheet read streaming by the same reader, plus PostgreSQL COPY of the
//   same rows into a table of the same columns. The server's resident memory is sampled every
//   50 ms (the server runs in this process, with one job worker).
//
// Nothing is asserted: the figures are printed.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { readSheet } from '../../server/imports/sheet.ts';
import { freePort } from '../free-port.ts';

const MB = 1024 * 1024;
const ROWS = Number(process.env.IMPORT_BENCH_ROWS) > 0 ? Number(process.env.IMPORT_BENCH_ROWS) : 100_000;
const PASSWORD = 'Bench-admin-1';
const PACKS_DIR = path.resolve(import.meta.dirname, 'packs');
const log = (line: string) => process.stderr.write(`${line}\n`);

function curlImport(url: string, cookie: string, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const args = [
      '-s',
      '-w',
      '\n%{http_code}',
      '-H',
      `cookie: ${cookie}`,
      '-F',
      'Destination=benchitems',
      '-F',
      'Overwrite=false',
      '-F',
      'DecimalFormat=Comma',
      '-F',
      'BooleanFormat=YesNo',
      '-F',
      'DateFormat=DMYYYY_Dash',
      '-F',
      `File=@${file};type=application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`,
      url,
    ];
    const curl = spawn('curl', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    curl.stdout.on('data', (d) => {
      out += d;
    });
    curl.on('error', reject);
    curl.on('close', () => {
      const at = out.lastIndexOf('\n');
      resolve({ status: Number(out.slice(at + 1)), body: out.slice(0, at) });
    });
  });
}

/** The floor: the same sheet read by the same reader, then COPY of its rows. */
async function floor(file: string, url: string): Promise<{ parseMs: number; copyMs: number }> {
  const t0 = performance.now();
  const rows: unknown[][] = [];
  for await (const chunk of readSheet(file)) for (const [, cells] of chunk) rows.push(cells);
  const parseMs = performance.now() - t0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A table as the import's: the same columns, defaults, indexes and constraints, written to the WAL.
    await client.query('CREATE TABLE floor_items (LIKE benchitems INCLUDING ALL)');
    const categories = new Map(
      (await client.query('SELECT id, autoid FROM benchcategories')).rows.map((r) => [r.id, r.autoid]),
    );
    const text = (v: unknown) =>
      v === null || v === undefined
        ? '\\N'
        : v instanceof Date
          ? v.toISOString().slice(0, 10)
          : String(v).replace(/[\t\n\\]/g, ' ');
    const c0 = performance.now();
    const lines = function* () {
      for (const r of rows.slice(1)) {
        const due = String(r[9]).split('-');
        yield `${[r[0], r[1], r[2], r[3], r[4], categories.get(r[5]), r[6], r[7], r[8], `${due[2]}-${due[1]}-${due[0]}`, r[10], r[11], 'bench', 'bench'].map(text).join('\t')}\n`;
      }
    };
    await pipeline(
      Readable.from(lines()),
      client.query(
        copyStreams.from(
          'COPY floor_items (id, descr, descr2, reference, status, category, amount, quantity, date, duedate, weight, priority, createdby, modifiedby) FROM STDIN',
        ),
      ),
    );
    return { parseMs, copyMs: performance.now() - c0 };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'imports-bench-'));
  chmodSync(work, 0o755);
  const file = path.join(work, 'artikelen.xlsx');
  log(`writing ${ROWS.toLocaleString('en')} rows × 12 columns (in a separate process)...`);
  await new Promise<void>((resolve, reject) => {
    spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'import-file.ts'), String(ROWS), file], {
      stdio: 'inherit',
    }).on('close', (code) => (code === 0 ? resolve() : reject(new Error(`writing the file failed (${code})`))));
  });
  const engine = await startEngine({
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir: path.join(work, 'data'),
    filesDir: path.join(work, 'files'),
    packsDir: PACKS_DIR,
    packs: ['bench'],
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
    workers: 1,
  });
  const app = await buildApp(engine);
  try {
    await engine.pool.query(`INSERT INTO benchcategories (id, descr, createdby, modifiedby)
      SELECT 'C' || lpad(n::text, 2, '0'), 'Categorie ' || n, 'bench', 'bench' FROM generate_series(1, 20) n ON CONFLICT DO NOTHING`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const login = await fetch(`${base}/mvc/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

    // More than 5,000 rows need advanced mode: the code typed as shown.
    const call = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const { Code } = await call('/mvc/import/GetCode', {});
    await call('/mvc/import/SetAdvancedMode', { Code, VerificationCode: Code });

    log('importing...');
    const idle = process.memoryUsage().rss / MB;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss / MB);
    }, 50);
    const t0 = performance.now();
    const started = await curlImport(`${base}/mvc/import/StartImport`, cookie, file);
    if (started.status !== 200) throw new Error(`StartImport: ${started.status} ${started.body}`);
    const id = JSON.parse(started.body).AutoID as number;
    let task: Record<string, unknown>;
    for (;;) {
      task = (
        await engine.pool.query(
          'SELECT processstate, processresult, totalrecords, processedrecords, failedrecords FROM importtasks WHERE autoid = $1',
          [id],
        )
      ).rows[0];
      if (Number(task.processstate) >= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - t0;
    clearInterval(sampler);
    // The floor after the import, so the server's memory figures hold none of it.
    log('the floor: the sheet read streaming, then COPY of its rows...');
    const f = await floor(file, engine.databaseUrl);
    const floorMs = f.parseMs + f.copyMs;
    console.log(
      `\nImport of ${ROWS.toLocaleString('en')} rows × 12 columns (a list field resolved by code) from a separate process (curl)`,
    );
    console.log(
      `engine ${(ms / 1000).toFixed(1)} s end to end (${Math.round(ROWS / (ms / 1000)).toLocaleString('en')} rows/s): processed ${task.processedrecords}, failed ${task.failedrecords}, result ${task.processresult}`,
    );
    console.log(
      `floor ${(floorMs / 1000).toFixed(1)} s: streaming parse alone ${(f.parseMs / 1000).toFixed(1)} s + PostgreSQL COPY ${(f.copyMs / 1000).toFixed(1)} s`,
    );
    console.log(`engine/floor ${(ms / floorMs).toFixed(2)}×`);
    console.log(
      `server resident memory: before ${idle.toFixed(0)} MB, peak during the import ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB; the sheet's reader is a worker thread of this process)`,
    );
  } finally {
    await app.close();
    await engine.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
