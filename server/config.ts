// Process configuration from the environment (README, "Configuration").
import path from 'node:path';
import { IMPORT_LIMITS, isModule, isTimeZone, MODULE_CODES, type ModuleCode } from '../definitions/language/index.ts';

export interface Config {
  port: number;
  host: string;
  /** External PostgreSQL; when unset the embedded one is started under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Port of the embedded PostgreSQL. */
  embeddedPgPort: number;
  packsDir: string;
  packs: string[];
  adminPassword?: string;
  logLevel: string;
  /**
   * The installation's time zone (TIME_ZONE, an IANA name): the zone of "today" and "now" in
   * filters, rules and actions (definitions/language/clock.ts); unset: the process's own.
   */
  timeZone?: string;
  /** The longest any statement of a request may run, in milliseconds (STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  /** Server processes sharing the port (WEB_CONCURRENCY); 1 serves from this process alone. */
  webConcurrency: number;
  /** Calls one user may have running at once in a process (USER_CONCURRENCY); more wait their turn. */
  userConcurrency: number;
  /** Development only: every signed-in user may do everything. Refused in production. */
  debugPermissions: boolean;
  /** Where uploaded and generated files live, named by their SHA-256 (FILES_DIR, default DATA_DIR/files). */
  filesDir: string;
  /** Background jobs this process runs at once per job kind (WORKERS); 0 serves HTTP only. */
  workers: number;
  /** How often (seconds) the job queue looks for jobs past their time limit and due schedules (JOB_MAINTENANCE_SECONDS). */
  jobMaintenanceSeconds: number;
  /** Caps the time limit of every job kind (JOB_EXPIRE_CAP_SECONDS; development and tests). */
  jobExpireCapSeconds?: number;
  /** The heap (MB) of the worker thread that reads an import's sheet (IMPORT_WORKER_HEAP_MB, default 256). */
  importWorkerHeapMb: number;
  /** How often (seconds) a running import says it is alive, and every process sweeps for imports that stopped saying so (IMPORT_HEARTBEAT_SECONDS, default 5). */
  importHeartbeatSeconds: number;
  /** How long (seconds) without that before a running import is taken over or failed (IMPORT_STALE_SECONDS, default 45). */
  importStaleSeconds: number;
  /** The vendor's Ed25519 public key, PEM text or a file (LICENCE_PUBLIC_KEY); without it no licence can be activated. */
  licencePublicKey?: string;
  /**
   * The modules active while no licence was ever activated (LICENCE_MODULES: a comma list, `none`,
   * or `all`); unset: all of them outside production (a development or demonstration install),
   * none in production, where `all` is refused.
   */
  licenceModules: ModuleCode[];
  /**
   * The most uploads one user may have that no save has named yet, by number and bytes
   * (UPLOAD_QUOTA_FILES, default 1000; UPLOAD_QUOTA_MB, default 2048).
   */
  uploadQuota: { files: number; bytes: number };
  /**
   * The address people reach the product at (PUBLIC_URL; default http://HOST:PORT): the links an
   * e-mail carries (activation, password recovery) start with it, never with a request's Host.
   */
  publicUrl: string;
  /** Where sent e-invoices are dropped as UBL files (EINVOICE_OUTBOX_DIR, default DATA_DIR/einvoice-outbox). */
  einvoiceOutboxDir: string;
  /** Where received e-invoices are picked up as UBL files (EINVOICE_INBOX_DIR, default DATA_DIR/einvoice-inbox). */
  einvoiceInboxDir: string;
  /** The longest a query of the SQL editor may run, in milliseconds (SQL_EDITOR_TIMEOUT_MS, default 30,000). */
  sqlEditorTimeoutMs?: number;
  /** A bearer token that may read /metrics from anywhere (METRICS_TOKEN); without it only loopback may. */
  metricsToken?: string;
  /**
   * PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (DIRECT_DATABASE_URL): the
   * connections that need a session of their own (LISTEN, the job queue, migrations) use it.
   */
  directDatabaseUrl?: string;
  /** Days the server's log is kept in its table (LOG_RETENTION_DAYS, default 14). */
  logRetentionDays?: number;
}

function debugPermissions(env: NodeJS.ProcessEnv): boolean {
  if (env.DEBUG_PERMISSIONS !== '1') return false;
  if (env.NODE_ENV === 'production') throw new Error('DEBUG_PERMISSIONS=1 is refused when NODE_ENV=production');
  return true;
}

function modules(text: string | undefined, env: NodeJS.ProcessEnv): ModuleCode[] {
  const production = env.NODE_ENV === 'production';
  const given = text?.trim() ?? '';
  // A production installation has the modules of its licence: every module for nothing is a development setting.
  if (given === 'all' && production)
    throw new Error('LICENCE_MODULES=all is refused when NODE_ENV=production: the licence decides the modules');
  if (given === 'all' || (given === '' && !production)) return [...MODULE_CODES];
  if (given === '' || given === 'none') return [];
  const names = given
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const unknown = names.filter((m) => !isModule(m));
  if (unknown.length)
    throw new Error(`LICENCE_MODULES names unknown modules: ${unknown.join(', ')} (known: ${MODULE_CODES.join(', ')})`);
  return names as ModuleCode[];
}

function timeZone(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  if (!isTimeZone(text.trim()))
    throw new Error(`TIME_ZONE must name a time zone such as Europe/Amsterdam, not ${JSON.stringify(text)}`);
  return text.trim();
}

function wholeNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number of 0 or more, not ${JSON.stringify(text)}`);
  return n;
}

/**
 * Below the ephemeral ports every common system hands out for outgoing connections (Linux
 * 32768–60999, Windows and macOS from 49152): no connection's own end can take it while the
 * database is down and keep PostgreSQL from binding it again; and no common service uses it.
 */
export const DEFAULT_EMBEDDED_PG_PORT = 25432;

function tcpPort(text: string | undefined, fallback: number, name: string): number {
  const port = positive(text, fallback, name);
  if (port > 65535) throw new Error(`${name} must be a TCP port from 1 to 65535, not ${JSON.stringify(text)}`);
  return port;
}

function positive(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a whole number above 0, not ${JSON.stringify(text)}`);
  return n;
}

/** A heartbeat missed a few times over before an import counts as lost: the staleness is more than twice the beat. */
function importHeartbeat(env: NodeJS.ProcessEnv): Pick<Config, 'importHeartbeatSeconds' | 'importStaleSeconds'> {
  const importHeartbeatSeconds = positive(env.IMPORT_HEARTBEAT_SECONDS, 5, 'IMPORT_HEARTBEAT_SECONDS');
  const importStaleSeconds = positive(env.IMPORT_STALE_SECONDS, 45, 'IMPORT_STALE_SECONDS');
  if (importStaleSeconds <= 2 * importHeartbeatSeconds) {
    throw new Error(
      `IMPORT_STALE_SECONDS (${importStaleSeconds}) must be more than twice IMPORT_HEARTBEAT_SECONDS (${importHeartbeatSeconds})`,
    );
  }
  return { importHeartbeatSeconds, importStaleSeconds };
}

/** PUBLIC_URL without a trailing slash; only http(s) with a host, nothing after the path. */
function publicUrl(env: NodeJS.ProcessEnv): string {
  const given = env.PUBLIC_URL || `http://${env.HOST ?? '127.0.0.1'}:${Number(env.PORT ?? 3000)}`;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https address: ${given}`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new Error(`PUBLIC_URL must be an http or https address without query, fragment or credentials: ${given}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, '.data'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    embeddedPgPort: tcpPort(env.EMBEDDED_PG_PORT, DEFAULT_EMBEDDED_PG_PORT, 'EMBEDDED_PG_PORT'),
    packsDir: path.resolve(env.PACKS_DIR ?? path.join(root, 'definitions', 'packs')),
    packs: (env.PACKS ?? 'base,demo')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    timeZone: timeZone(env.TIME_ZONE),
    statementTimeoutMs: positive(env.STATEMENT_TIMEOUT_MS, 15_000, 'STATEMENT_TIMEOUT_MS'),
    userConcurrency: positive(env.USER_CONCURRENCY, 4, 'USER_CONCURRENCY'),
    webConcurrency: positive(env.WEB_CONCURRENCY, 1, 'WEB_CONCURRENCY'),
    debugPermissions: debugPermissions(env),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    workers: wholeNumber(env.WORKERS, 2, 'WORKERS'),
    jobMaintenanceSeconds: positive(env.JOB_MAINTENANCE_SECONDS, 30, 'JOB_MAINTENANCE_SECONDS'),
    jobExpireCapSeconds: env.JOB_EXPIRE_CAP_SECONDS
      ? positive(env.JOB_EXPIRE_CAP_SECONDS, 1, 'JOB_EXPIRE_CAP_SECONDS')
      : undefined,
    importWorkerHeapMb: positive(env.IMPORT_WORKER_HEAP_MB, IMPORT_LIMITS.workerHeapMb, 'IMPORT_WORKER_HEAP_MB'),
    ...importHeartbeat(env),
    licencePublicKey: env.LICENCE_PUBLIC_KEY || undefined,
    licenceModules: modules(env.LICENCE_MODULES, env),
    uploadQuota: {
      files: positive(env.UPLOAD_QUOTA_FILES, 1000, 'UPLOAD_QUOTA_FILES'),
      bytes: positive(env.UPLOAD_QUOTA_MB, 2048, 'UPLOAD_QUOTA_MB') * 1024 * 1024,
    },
    publicUrl: publicUrl(env),
    einvoiceOutboxDir: path.resolve(env.EINVOICE_OUTBOX_DIR ?? path.join(dataDir, 'einvoice-outbox')),
    einvoiceInboxDir: path.resolve(env.EINVOICE_INBOX_DIR ?? path.join(dataDir, 'einvoice-inbox')),
    sqlEditorTimeoutMs: positive(env.SQL_EDITOR_TIMEOUT_MS, 30_000, 'SQL_EDITOR_TIMEOUT_MS'),
    metricsToken: env.METRICS_TOKEN || undefined,
    directDatabaseUrl: env.DIRECT_DATABASE_URL || undefined,
    logRetentionDays: positive(env.LOG_RETENTION_DAYS, 14, 'LOG_RETENTION_DAYS'),
  };
}
