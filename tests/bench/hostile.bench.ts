// Hostile-load benchmark: what an attacker with a session can do to everyone else.
//
// What is measured
//   The product (base and demo packs) with 4,811 cost codes. A separate process (autocannon's
//   command line), signed in as a user who may only read cost codes, keeps 16 connections busy for BENCH_DURATION seconds with the heaviest grid
//   call the server accepts: 100 'notcontains' conditions (the maximum) and a sort, on every row.
//   Meanwhile an administrator opens one record after another (GetItem); their latency is
//   compared with the same calls on the idle server (the floor). A body of 10,000 conditions,
//   as in the attack this guards against, is sent once to show it is refused before any SQL.
//
// Nothing is asserted: the figures are printed.
//
// Run: npm run bench (BENCH_DURATION=5 for a short run).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';
import { load } from './load.ts';

const ROWS = 4_811;
const ATTACKERS = 16;
const DURATION_S = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 15;
const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const PASSWORD = 'Bench-admin-1';
const COSTCODES_RIGHT = '10.85';

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/mvc/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: HTTP ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const conditions = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ FieldName: 'Descr', Operator: 'notcontains', Value: `zz${i}q` }));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(work: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await work();
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

/** GetItem of successive records for `ms` milliseconds; answers the latencies. */
async function openRecords(base: string, cookie: string, ms: number): Promise<{ samples: number[]; failures: number }> {
  const samples: number[] = [];
  let failures = 0;
  const until = performance.now() + ms;
  for (let id = 1; performance.now() < until; id = (id % ROWS) + 1) {
    const r = await timed(() =>
      fetch(`${base}/mvc/costcodes/GetItem`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ autoid: id }),
      }),
    );
    if (r.status === 200) samples.push(r.ms);
    else failures++;
  }
  return { samples, failures };
}

const fmt = (samples: number[]) =>
  `p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms (${samples.length} calls)`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hostile-bench-'));
  chmodSync(dataDir, 0o755);
  const engine = await startEngine({
    ...configFromEnv(),
    dataDir,
    packsDir: PACKS_DIR,
    packs: ['base', 'demo'],
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
  });
  const app = await buildApp(engine);
  try {
    await engine.pool.query(`INSERT INTO costcodes (id, descr, createdby, modifiedby)
      SELECT 'K' || i, 'Kostenplaats ' || i || ' van de afdeling ' || (i % 37), 'bench', 'bench' FROM generate_series(1, ${ROWS}) AS i`);
    await engine.pool.query('ANALYZE costcodes');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const cookie = await signIn(base, 'admin');
    // The attacker is another signed-in user who may read cost codes, nothing more.
    const call = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const user = await call('/mvc/users/save', { Username: 'attacker', Password: PASSWORD, PasswordRetype: PASSWORD });
    const group = await call('/mvc/securitygroups/save', { ID: 'readers', Descr: 'Lezers' });
    await call('/mvc/securitygrants/save', { SecurityGroup: group.AutoID, RightCode: COSTCODES_RIGHT, Action: 'read' });
    await call('/mvc/usergroups/save', { User: user.AutoID, SecurityGroup: group.AutoID });
    const attacker = await signIn(base, 'attacker');

    const heavy = { operatorFilter: conditions(100), order: 'Descr desc', dataSource: 2 };
    const single = await timed(() =>
      fetch(`${base}/mvc/costcodes/GetFlexData`, {
        method: 'POST',
        headers: { cookie: attacker, 'content-type': 'application/json' },
        body: JSON.stringify(heavy),
      }),
    );
    const refused = await timed(() =>
      fetch(`${base}/mvc/costcodes/GetFlexData`, {
        method: 'POST',
        headers: { cookie: attacker, 'content-type': 'application/json' },
        body: JSON.stringify({ operatorFilter: conditions(10_000) }),
      }),
    );

    log('GetItem on the idle server (floor)...');
    const idle = await openRecords(base, cookie, 5_000);
    log(`GetItem during ${DURATION_S} s of ${ATTACKERS} hostile connections...`);
    const [attack, during] = await Promise.all([
      load(`${base}/mvc/costcodes/GetFlexData`, {
        connections: ATTACKERS,
        seconds: DURATION_S,
        headers: { cookie: attacker },
        body: heavy,
      }),
      (async () => {
        await new Promise((r) => setTimeout(r, 1_000));
        return openRecords(base, cookie, (DURATION_S - 2) * 1_000);
      })(),
    ]);

    console.log(
      `\nHostile load on ${ROWS.toLocaleString('en')} rows, ${ATTACKERS} connections from a separate process, ${DURATION_S} s`,
    );
    console.log(
      `  10,000 conditions (${(JSON.stringify(conditions(10_000)).length / 1024).toFixed(0)} KB): HTTP ${refused.status} in ${refused.ms.toFixed(1)} ms, no SQL`,
    );
    console.log(`  100 conditions (the maximum), one call alone: HTTP ${single.status} in ${single.ms.toFixed(1)} ms`);
    console.log(
      `  hostile calls answered: ${attack.requests} (${(attack.requests / DURATION_S).toFixed(1)}/s), statuses ${JSON.stringify(attack.statuses)}, p50 ${attack.p50} ms`,
    );
    console.log(`  administrator's GetItem, idle (floor):   ${fmt(idle.samples)}`);
    console.log(
      `  administrator's GetItem, under attack:   ${fmt(during.samples)}${during.failures ? `, ${during.failures} failed` : ''}`,
    );
    console.log(
      `  ratio under attack / floor: p50 ${(percentile(during.samples, 50) / percentile(idle.samples, 50)).toFixed(1)}x, p99 ${(percentile(during.samples, 99) / percentile(idle.samples, 99)).toFixed(1)}x`,
    );
  } finally {
    await app.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
