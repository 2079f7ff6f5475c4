// The monitor (route /monitor, right 12.63) and the same figures as Prometheus metrics at
// /metrics: database health, the job queue (pg-boss) by state, the outbox's backlog, this
// process's live-event connections and memory, and the database connections of every process.
// /metrics answers loopback callers, and anyone else only with `Authorization: Bearer
// METRICS_TOKEN` when that is configured (docs/operations.md).
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Engine } from '../engine.ts';
import { forbidden } from '../errors.ts';
import { principalOf } from './context.ts';

export const MONITOR_RIGHT = '12.63';

export interface MonitorFigures {
  At: string;
  Database: { Up: boolean; LatencyMs: number; SizeBytes: number; Connections: number; Version: string };
  Jobs: { Queued: number; Active: number; Failed: number; FailedLastDay: number };
  Outbox: { Pending: number; Failed: number } | null;
  LiveConnections: number;
  Process: { Pid: number; UptimeSeconds: number; RssBytes: number; HeapUsedBytes: number; HeapTotalBytes: number };
  Processes: { Client: string; Application: string; Connections: number }[];
}

const n = (x: unknown): number => (x === null || x === undefined ? 0 : Number(x));

/** The outbox's statuses that still wait to be sent (new, processing, failed-try-again) and the failed one. */
const OUTBOX_PENDING = ['0', '1', '5'];
const OUTBOX_FAILED = ['6'];

export async function monitorFigures(engine: Engine): Promise<MonitorFigures> {
  const { pool } = engine;
  const started = performance.now();
  let up = true;
  let database = { size: 0, connections: 0, version: '' };
  let jobs = { queued: 0, active: 0, failed: 0, failed_day: 0 };
  let outbox: MonitorFigures['Outbox'] = null;
  let processes: MonitorFigures['Processes'] = [];
  try {
    const db = await pool.query<{ size: string; connections: string; version: string }>(
      `SELECT pg_database_size(current_database()) AS size,
              (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()) AS connections,
              current_setting('server_version') AS version`,
    );
    database = {
      size: n(db.rows[0]?.size),
      connections: n(db.rows[0]?.connections),
      version: db.rows[0]?.version ?? '',
    };
    const queue = await pool.query(
      `SELECT count(*) FILTER (WHERE state IN ('created', 'retry')) AS queued,
              count(*) FILTER (WHERE state = 'active') AS active,
              count(*) FILTER (WHERE state = 'failed') AS failed,
              count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 day') AS failed_day
         FROM pgboss.job`,
    );
    const q = queue.rows[0] ?? {};
    jobs = { queued: n(q.queued), active: n(q.active), failed: n(q.failed), failed_day: n(q.failed_day) };
    const hasOutbox = await pool.query(`SELECT to_regclass('outboxmessages') IS NOT NULL AS present`);
    if (hasOutbox.rows[0]?.present) {
      const o = await pool.query(
        `SELECT count(*) FILTER (WHERE status::text = ANY($1)) AS pending,
                count(*) FILTER (WHERE status::text = ANY($2)) AS failed
           FROM outboxmessages`,
        [OUTBOX_PENDING, OUTBOX_FAILED],
      );
      outbox = { Pending: n(o.rows[0]?.pending), Failed: n(o.rows[0]?.failed) };
    }
    const clients = await pool.query<{ client: string | null; application: string; connections: string }>(
      `SELECT host(client_addr) AS client, application_name AS application, count(*) AS connections
         FROM pg_stat_activity WHERE datname = current_database()
        GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 100`,
    );
    processes = clients.rows.map((r) => ({
      Client: r.client ?? 'local',
      Application: r.application,
      Connections: n(r.connections),
    }));
  } catch {
    up = false;
  }
  const memory = process.memoryUsage();
  return {
    At: new Date().toISOString(),
    Database: {
      Up: up,
      LatencyMs: Math.round((performance.now() - started) * 10) / 10,
      SizeBytes: database.size,
      Connections: database.connections,
      Version: database.version,
    },
    Jobs: { Queued: jobs.queued, Active: jobs.active, Failed: jobs.failed, FailedLastDay: jobs.failed_day },
    Outbox: outbox,
    LiveConnections: engine.events.size,
    Process: {
      Pid: process.pid,
      UptimeSeconds: Math.round(process.uptime()),
      RssBytes: memory.rss,
      HeapUsedBytes: memory.heapUsed,
      HeapTotalBytes: memory.heapTotal,
    },
    Processes: processes,
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Loopback, or the configured token as a bearer. */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice('Bearer '.length));
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  // A request a reverse proxy passed on comes from the loopback address too: only a caller on this
  // machine itself, with no forwarding header, is one.
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** A registry of this process's metrics: prom-client's defaults and gauges read from the monitor's figures. */
function metricsRegistry(engine: Engine): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let figures: Promise<MonitorFigures> | null = null;
  // One reading of the figures per scrape, shared by every gauge.
  const read = () => (figures ??= monitorFigures(engine).finally(() => setTimeout(() => (figures = null), 0)));
  const gauge = (name: string, help: string, value: (f: MonitorFigures) => number | null, labels?: string) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      ...(labels ? { labelNames: [labels] } : {}),
      async collect() {
        const v = value(await read());
        if (v !== null) this.set(v);
      },
    });
  gauge('app_database_up', 'Whether the database answers (1) or not (0)', (f) => (f.Database.Up ? 1 : 0));
  gauge('app_database_latency_ms', 'Time the monitor queries took, in milliseconds', (f) => f.Database.LatencyMs);
  gauge('app_database_size_bytes', 'Size of the database', (f) => f.Database.SizeBytes);
  gauge('app_database_connections', 'Connections to the database from every process', (f) => f.Database.Connections);
  gauge('app_jobs_queued', 'Jobs waiting in the queue (created or to retry)', (f) => f.Jobs.Queued);
  gauge('app_jobs_active', 'Jobs running', (f) => f.Jobs.Active);
  gauge('app_jobs_failed', 'Failed jobs kept by the queue', (f) => f.Jobs.Failed);
  gauge('app_jobs_failed_last_day', 'Jobs failed in the last 24 hours', (f) => f.Jobs.FailedLastDay);
  gauge('app_outbox_pending', 'Outgoing messages waiting to be sent', (f) => f.Outbox?.Pending ?? null);
  gauge('app_outbox_failed', 'Outgoing messages that failed', (f) => f.Outbox?.Failed ?? null);
  gauge('app_live_connections', 'Live-event streams this process serves', (f) => f.LiveConnections);
  return registry;
}

/** The product's name and version, as its package says. */
function product(): { Name: string; Version: string } {
  try {
    const pkg: unknown = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
    );
    const field = (key: string) =>
      typeof pkg === 'object' && pkg !== null && key in pkg ? String(Reflect.get(pkg, key)) : '';
    return { Name: field('name'), Version: field('version') };
  } catch {
    return { Name: '', Version: '' };
  }
}

/** A database address without its password. */
const withoutPassword = (url: string | undefined): string => {
  if (!url) return '';
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return '';
  }
};

/** What an administrator may see of the configuration: no password, key or token, only whether one is set. */
function environment(engine: Engine): { Name: string; Value: string }[] {
  const c = engine.config;
  const set = (v: unknown) => (v ? 'set' : 'unset');
  const settings: [string, unknown][] = [
    ['PORT', c.port],
    ['HOST', c.host],
    ['DATABASE_URL', withoutPassword(engine.databaseUrl)],
    ['DIRECT_DATABASE_URL', withoutPassword(c.directDatabaseUrl)],
    ['DATA_DIR', c.dataDir],
    ['FILES_DIR', c.filesDir],
    ['PACKS', c.packs.join(',')],
    ['LOG_LEVEL', c.logLevel],
    ['LOG_RETENTION_DAYS', c.logRetentionDays ?? 14],
    ['TIME_ZONE', c.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone],
    ['STATEMENT_TIMEOUT_MS', c.statementTimeoutMs],
    ['SQL_EDITOR_TIMEOUT_MS', c.sqlEditorTimeoutMs ?? 30_000],
    ['WEB_CONCURRENCY', c.webConcurrency],
    ['USER_CONCURRENCY', c.userConcurrency],
    ['WORKERS', c.workers],
    ['JOB_MAINTENANCE_SECONDS', c.jobMaintenanceSeconds],
    ['LICENCE_MODULES', c.licenceModules.join(',')],
    ['LICENCE_PUBLIC_KEY', set(c.licencePublicKey)],
    ['ADMIN_PASSWORD', set(c.adminPassword)],
    ['METRICS_TOKEN', set(c.metricsToken)],
    ['NODE_ENV', process.env.NODE_ENV ?? ''],
  ];
  return settings.map(([Name, v]) => ({ Name, Value: String(v) }));
}

export function monitorRoutes(app: FastifyInstance, engine: Engine): void {
  const mayMonitor = (request: FastifyRequest) => {
    if (!principalOf(request).can(MONITOR_RIGHT, 'read')) throw forbidden();
  };
  app.post('/mvc/monitor/Get', async (request) => {
    mayMonitor(request);
    return monitorFigures(engine);
  });
  app.post('/mvc/monitor/Versions', async (request) => {
    mayMonitor(request);
    const migrations = await engine.pool.query<{ name: string; executed_at: Date }>(
      'SELECT name, executed_at FROM mikro_orm_migrations ORDER BY id',
    );
    const db = await engine.pool.query<{ version: string }>('SELECT version() AS version');
    return {
      Product: product(),
      Node: process.version,
      Packs: engine.registry.packs.packs.map((p) => ({ Name: p.name, Version: p.version, Title: p.title })),
      Migrations: migrations.rows.map((m) => ({ Name: m.name, ExecutedAt: new Date(m.executed_at).toISOString() })),
      Database: db.rows[0]?.version ?? '',
    };
  });
  app.post('/mvc/monitor/Environment', async (request) => {
    mayMonitor(request);
    return { Settings: environment(engine) };
  });
  let registry: Registry | null = null;
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, engine.config.metricsToken)) throw forbidden();
    registry ??= metricsRegistry(engine);
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
