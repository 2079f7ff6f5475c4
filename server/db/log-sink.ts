// The server's structured log kept in a table as well as written out: each line still goes to
// its stream at once, and the lines are gathered and inserted in batches (one statement a second,
// or at 500 lines), never one insert per line in the request path. Rows older than the retention
// are deleted at most once an hour. The table (`serverlogs`, a read-only table of the core pack)
// is searched in its grid by level, time, request id and user.

export interface LogSinkOptions {
  /** Days a line is kept (LOG_RETENTION_DAYS). */
  retentionDays: number;
  /** The table; absent (its pack not loaded), the lines are only written out. */
  table?: string;
  flushMs?: number;
}

interface Line {
  level: number;
  time: string;
  reqId: string | null;
  user: string | null;
  area: string | null;
  message: string;
  details: string | null;
}

const MAX_BATCH = 500;
const MAX_QUEUED = 10_000;
const HOUR = 60 * 60 * 1000;

const text = (v: unknown, max: number): string | null =>
  v === undefined || v === null ? null : String(v).slice(0, max);

/** What the table keeps of a pino line: the known fields, the rest as details. */
export function lineOf(json: string): Line | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const fields = new Map(Object.entries(parsed));
  const take = (key: string) => {
    const value = fields.get(key);
    fields.delete(key);
    return value;
  };
  const [level, time, reqId, user, area, msg] = ['level', 'time', 'reqId', 'user', 'area', 'msg'].map(take);
  take('hostname');
  take('pid');
  const rest = Object.fromEntries(fields);
  return {
    level: typeof level === 'number' ? level : 30,
    time: new Date(typeof time === 'number' ? time : Date.now()).toISOString(),
    reqId: text(reqId, 40),
    user: text(user, 100),
    area: text(area ?? (reqId ? 'http' : 'server'), 40),
    message: text(msg, 2000) ?? '',
    details: Object.keys(rest).length ? JSON.stringify(rest).slice(0, 8000) : null,
  };
}

export class LogSink {
  private queue: Line[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private lastPurge = 0;

  constructor(
    private readonly pool: { query(text: string, values?: unknown[]): Promise<unknown> },
    private readonly out: { write(line: string): unknown },
    private readonly opts: LogSinkOptions,
  ) {}

  write(json: string): void {
    this.out.write(json);
    if (!this.opts.table) return;
    const line = lineOf(json);
    // A database that does not keep up loses lines, never the server its memory.
    if (!line || this.queue.length >= MAX_QUEUED) return;
    this.queue.push(line);
    if (this.queue.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.flushMs ?? 1000).unref();
  }

  /** Inserts what is gathered (and waits for an insert under way). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue.splice(0);
    this.flushing = this.flushing.then(() => (batch.length ? this.insert(batch) : undefined)).catch(() => undefined);
    return this.flushing;
  }

  private async insert(batch: Line[]): Promise<void> {
    const table = this.opts.table;
    if (!table) return;
    await this.pool.query(
      `INSERT INTO ${table} (level, logtime, requestid, username, area, message, details, createdby, modifiedby)
       SELECT r.level::text, r.time, r."reqId", r.user, r.area, r.message, r.details, 'system', 'system'
         FROM jsonb_to_recordset($1::jsonb) AS r(level int, time timestamptz, "reqId" text, "user" text, area text, message text, details text)`,
      [JSON.stringify(batch)],
    );
    if (Date.now() - this.lastPurge > HOUR) {
      this.lastPurge = Date.now();
      await this.pool.query(`DELETE FROM ${table} WHERE logtime < now() - make_interval(days => $1)`, [
        this.opts.retentionDays,
      ]);
    }
  }
}
