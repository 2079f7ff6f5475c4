// The engine behind the API: database (embedded or external), core migrations, packs loaded
// and checked, the effective definitions applied, and the registry following changes.
import type pg from 'pg';
import type { Config } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/orm.ts';
import { createPool } from './db/pool.ts';
import { applyDefinitions, type ApplyResult } from './data/apply.ts';
import { loadPacks } from './metadata/packs.ts';
import { Registry } from './metadata/registry.ts';
import { ensureAdministrator } from './security/bootstrap.ts';
import { SecurityCache } from './security/cache.ts';
import { installSecurityTriggers } from './security/change-triggers.ts';
import type { UserPrincipal } from './security/principal-of.ts';
import { Notifications } from './db/notifications.ts';
import { everyTableWritten, TABLE_WRITTEN_CHANNEL, tablesOf, tableWritten } from './data/cache.ts';
import { LIVE_EVENT_CHANNEL } from './data/events.ts';
import { EventHub } from './events/index.ts';
import { diskStore, type FileStore } from './files/storage.ts';
import { JOB_KINDS, JobService } from './jobs/index.ts';
import { installAutomations } from './automations/index.ts';
import { activeModulesOf, publicKeyOf, readLicence, type StoredLicence } from './security/licence.ts';
import { gateDefinitions, setActiveModules } from './security/modules.ts';
import { configureSecrets } from './security/secrets.ts';
import { gateRequiredRights } from './security/required-rights.ts';
import { installWriteHooks } from './behaviours/index.ts';
import { setTimeZone } from '../definitions/language/index.ts';
import type { KeyObject } from 'node:crypto';

export interface Engine {
  config: Config;
  databaseUrl: string;
  pool: pg.Pool;
  registry: Registry;
  applied: ApplyResult;
  /** LISTEN/NOTIFY of this process: definition and security changes of every process. */
  notifications: Notifications;
  /** Sessions and principals this process has seen, dropped on every change. */
  security: SecurityCache<UserPrincipal>;
  /** The live events of this process's streams, fed by every process's commits. */
  events: EventHub;
  /** Background work shared by every process (pg-boss). */
  jobs: JobService;
  /** Uploaded and generated files. */
  files: FileStore;
  /**
   * The licence: the vendor's key, the valid licence as last read, whether one was activated but
   * none is valid now, and reading it again into the module gate.
   */
  licence: { key: KeyObject | null; current: StoredLicence | null; lapsed: boolean; refresh(): Promise<void> };
  /** Closes the connections and leaves an embedded database running (for the processes that serve). */
  closeConnections(): Promise<void>;
  close(): Promise<void>;
}

export const DATABASE_NAME = 'app';

/** Resolves the database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR. */
export async function openDatabase(
  config: Config,
  log: (line: string) => void = () => {},
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, log);
  await embedded.createDatabase(DATABASE_NAME);
  return { url: embedded.url(DATABASE_NAME), embedded };
}

export async function startEngine(
  config: Config,
  opts: { log?: (line: string) => void; databaseUrl?: string; force?: boolean } = {},
): Promise<Engine> {
  installWriteHooks();
  configureSecrets(config.dataDir);
  // Process-wide, as the clock is: every cluster process starts an engine with the same setting.
  setTimeZone(config.timeZone);
  const db = opts.databaseUrl
    ? ({ url: opts.databaseUrl } as { url: string; embedded?: EmbeddedDatabase })
    : await openDatabase(config, opts.log);
  const packs = loadPacks(config.packsDir, config.packs);
  // Behind a pooler in transaction mode (PgBouncer), what needs a session of its own (LISTEN, the
  // job queue, migrations) takes the direct address when one is given.
  const direct = config.directDatabaseUrl ?? db.url;
  await migrate(direct);
  const pool = createPool(db.url, 20, {
    statementTimeoutMs: config.statementTimeoutMs,
    connectTimeoutMs: 10_000,
    namedStatements: config.directDatabaseUrl === undefined,
  });
  const notifications = new Notifications(direct, (line) => process.stderr.write(`${line}\n`));
  try {
    const registry = await Registry.open(packs, pool);
    installAutomations(pool, () => registry.snapshot);
    const applied = await applyDefinitions(pool, registry.snapshot, { by: 'system', force: opts.force });
    await ensureAdministrator(pool, config.adminPassword, (line) => console.log(line));
    await installSecurityTriggers(pool);
    registry.listen(notifications, (err) => opts.log?.(`definitions reload failed: ${String(err)}`));
    notifications.on(TABLE_WRITTEN_CHANNEL, (tables) => tablesOf(tables).forEach(tableWritten));
    notifications.reconnected(everyTableWritten);
    const security = new SecurityCache<UserPrincipal>(notifications);
    const events = new EventHub(
      pool,
      (sqlName) => registry.snapshot.table(sqlName),
      (line) => process.stderr.write(`${line}\n`),
    );
    await events.start();
    notifications.on(LIVE_EVENT_CHANNEL, () => events.wake());
    // Events committed while the listener was away are read now.
    notifications.reconnected(() => events.wake());
    await notifications.start();
    const files = diskStore(config.filesDir);
    const log = (line: string) => process.stderr.write(`${line}\n`);
    const importHeartbeat = { everySeconds: config.importHeartbeatSeconds, staleSeconds: config.importStaleSeconds };
    const jobs = new JobService(
      {
        pool,
        snapshot: () => registry.snapshot,
        files,
        log,
        importHeapMb: config.importWorkerHeapMb,
        importHeartbeat,
        einvoiceOutboxDir: config.einvoiceOutboxDir,
        einvoiceInboxDir: config.einvoiceInboxDir,
        dataDir: config.dataDir,
      },
      JOB_KINDS,
      {
        url: direct,
        workers: config.workers,
        maintenanceSeconds: config.jobMaintenanceSeconds,
        expireCapSeconds: config.jobExpireCapSeconds,
      },
    );
    await jobs.start();
    // An administrator changed a scheduled task: every process follows its schedule.
    notifications.on(TABLE_WRITTEN_CHANNEL, (tables) => {
      if (tablesOf(tables).includes('scheduledtasks')) void jobs.syncSchedules();
    });
    // The licence's modules for every check of a right, in every process: read at start, when a
    // licence is saved anywhere, and hourly (a licence's last day passes without a save).
    const key = config.licencePublicKey ? publicKeyOf(config.licencePublicKey) : null;
    gateDefinitions(() => registry.snapshot.effective);
    gateRequiredRights(() => registry.snapshot.effective);
    const licence: Engine['licence'] = {
      key,
      current: null,
      lapsed: false,
      async refresh() {
        const state = await readLicence(pool, key);
        Object.assign(licence, state);
        setActiveModules(activeModulesOf(state, config.licenceModules));
      },
    };
    await licence.refresh();
    notifications.on(TABLE_WRITTEN_CHANNEL, (tables) => {
      if (tablesOf(tables).includes('licences')) void licence.refresh().catch((err) => log(`licence: ${String(err)}`));
    });
    notifications.reconnected(() => {
      void licence.refresh().catch(() => undefined);
    });
    const hourly = setInterval(
      () => {
        void licence.refresh().catch(() => undefined);
      },
      60 * 60 * 1000,
    );
    hourly.unref();
    const closeConnections = async () => {
      clearInterval(hourly);
      await jobs.stop();
      events.close();
      await notifications.close();
      await pool.end();
    };
    return {
      config,
      databaseUrl: db.url,
      pool,
      registry,
      applied,
      notifications,
      security,
      events,
      jobs,
      files,
      licence,
      closeConnections,
      async close() {
        await closeConnections();
        await db.embedded?.stop();
      },
    };
  } catch (err) {
    await notifications.close();
    await pool.end();
    await db.embedded?.stop();
    throw err;
  }
}
