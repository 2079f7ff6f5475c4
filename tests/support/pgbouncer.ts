// Debian's PgBouncer in transaction pooling mode in front of a PostgreSQL, on a loopback port,
// for the tests and benchmarks of several server processes behind a pooler. Without it, what
// uses it fails saying what to install.
import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../free-port.ts';

const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';
const NOBODY = 65534;

export interface Bouncer {
  /** The pooled address: same user, password and database as the direct one. */
  url: string;
  stop(): void;
}

/** Starts PgBouncer in front of a database; answers its address for the same user and database. */
export async function startBouncer(databaseUrl: string): Promise<Bouncer> {
  if (!existsSync(PGBOUNCER)) throw new Error("install Debian's pgbouncer (apt-get install pgbouncer)");
  const direct = new URL(databaseUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(direct.username);
  const password = decodeURIComponent(direct.password);
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" "${password}"\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${direct.hostname} port=${direct.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = plain',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 20',
      'max_client_conn = 1000',
      // node-postgres sends the pool's timeouts as startup parameters; PgBouncer cannot keep them
      // per client in transaction mode (docs/operations.md: set them on the role or database).
      'ignore_startup_parameters = statement_timeout,lock_timeout,idle_in_transaction_session_timeout,extra_float_digits,options',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: as root (a container), it runs as nobody.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) for (const file of ['', 'users.txt', 'pgbouncer.ini']) chownSync(path.join(dir, file), NOBODY, NOBODY);
  const bouncer = spawn(PGBOUNCER, [path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  const pooled = new URL(databaseUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  // Ready when it answers a query.
  for (let waited = 0; ; waited += 100) {
    const client = new pg.Client({ connectionString: pooled.toString() });
    const ok = await client.connect().then(
      () => client.query('SELECT 1').then(() => true),
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) break;
    if (waited > 10_000) throw new Error(`pgbouncer did not answer on port ${port} within 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: pooled.toString(), stop: () => bouncer.kill('SIGTERM') };
}
