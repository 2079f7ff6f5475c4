// Live-event benchmark: how soon a change made through one server process reaches the streams
// held on another, and what 1,000 open streams cost that process.
//
// What is measured
//   Process A (this one) takes the saves; process B (server/main.ts, a process of its own) holds
//   1,000 live-event streams of 100 users, opened by a third process (streams.ts), which also
//   records when each event arrives on each stream. Latency is arrival minus the moment the save
//   was sent; its floor is a bare NOTIFY sent at the same moment to a plain LISTEN in that third
//   process. Memory is B's resident set before and with the streams open.
//
// Nothing is asserted: the figures are printed.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { freePort } from '../free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const USERS = 100;
const PER_USER = 10;
const SAVES = 50;
const PASSWORD = 'Bench-admin-1';
const log = (line: string) => process.stderr.write(`${line}\n`);
const rssMb = (pid: number) =>
  Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  ) / 1024;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'events-bench-'));
  chmodSync(dataDir, 0o755);
  const engine = await startEngine({
    ...configFromEnv(),
    logLevel: 'warn',
    dataDir,
    embeddedPgPort: await freePort(),
    adminPassword: PASSWORD,
    workers: 0,
  });
  const app = await buildApp(engine);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseA = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const portB = await freePort();
  const b = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: engine.databaseUrl,
      PORT: String(portB),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      WORKERS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseB = `http://127.0.0.1:${portB}`;
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 4 });
  try {
    for (
      let waited = 0;
      !(await fetch(`${baseB}/health`).then(
        (r) => r.ok,
        () => false,
      ));
      waited += 200
    ) {
      if (waited > 60_000) throw new Error('process B did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = async (base: string, username: string, password: string) => {
      const res = await fetch(`${base}/mvc/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return (res.headers.get('set-cookie') ?? '').split(';')[0];
    };
    const admin = await login(baseA, 'admin', PASSWORD);
    const call = (url: string, body: unknown) =>
      fetch(`${baseA}${url}`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    log(`creating ${USERS} users...`);
    const group = (await call('/mvc/securitygroups/save', { ID: 'readers', Descr: 'Lezers' })).AutoID;
    await call('/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '10.85', Action: 'read' });
    const cookies: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = (
        await call('/mvc/users/save', {
          Username: `reader${i}`,
          Password: 'Read-pass-1',
          PasswordRetype: 'Read-pass-1',
        })
      ).AutoID;
      await call('/mvc/usergroups/save', { User: user, SecurityGroup: group });
      cookies.push(await login(baseB, `reader${i}`, 'Read-pass-1'));
    }
    const idle = rssMb(b.pid!);
    log(`opening ${USERS * PER_USER} streams on process B...`);
    const streams = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'streams.ts'),
        baseB,
        JSON.stringify(cookies),
        String(PER_USER),
        engine.databaseUrl,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const lines = createInterface({ input: streams.stdout });
    const output: string[] = [];
    const ready = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        if (line === 'READY') resolve();
        else output.push(line);
      }),
    );
    await ready;
    await new Promise((r) => setTimeout(r, 1000));
    const open = rssMb(b.pid!);
    log(`${SAVES} saves on process A...`);
    const sent: Record<string, number> = {};
    for (let i = 0; i < SAVES; i++) {
      const t0 = performance.timeOrigin + performance.now();
      await pool.query(`SELECT pg_notify('bench_floor', $1)`, [`f${i}`]);
      const saved = await call('/mvc/costcodes/save', { ID: `EV${i}`, Descr: `Gebeurtenis ${i}` });
      sent[String(saved.AutoID)] = t0;
      sent[`f${i}`] = t0;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const during = rssMb(b.pid!);
    streams.stdin.end();
    await new Promise((r) => streams.on('close', r));
    const { arrivals, floor } = JSON.parse(output.join('')) as {
      arrivals: Record<string, number[]>;
      floor: Record<string, number>;
    };
    const latencies = Object.entries(arrivals).flatMap(([id, times]) =>
      sent[id] ? times.map((t) => t - sent[id]) : [],
    );
    const floors = Object.entries(floor).map(([id, t]) => t - sent[id]);
    const expected = SAVES * USERS * PER_USER;
    console.log(
      `\nLive events: ${USERS * PER_USER} streams of ${USERS} users on process B, ${SAVES} saves on process A`,
    );
    console.log(`delivered ${latencies.length} of ${expected} (${((latencies.length / expected) * 100).toFixed(1)}%)`);
    console.log(
      `latency ms  p50 ${pct(latencies, 50).toFixed(1)}  p99 ${pct(latencies, 99).toFixed(1)}  max ${Math.max(...latencies).toFixed(1)}`,
    );
    console.log(
      `floor (bare NOTIFY to LISTEN) ms  p50 ${pct(floors, 50).toFixed(2)}  p99 ${pct(floors, 99).toFixed(2)}`,
    );
    console.log(
      `process B resident memory: idle ${idle.toFixed(0)} MB, ${USERS * PER_USER} streams open ${open.toFixed(0)} MB (+${(open - idle).toFixed(0)} MB), after the events ${during.toFixed(0)} MB`,
    );
  } finally {
    b.kill('SIGTERM');
    await pool.end();
    await app.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
