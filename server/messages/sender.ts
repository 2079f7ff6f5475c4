// The sender: takes due outbox rows and sends each through its kind's transport. A row is claimed
// (Processing, with its claim time and one more attempt) in a statement of its own that commits
// before anything is sent, with FOR UPDATE SKIP LOCKED so several processes never take the same
// row. After the try the row is Succeeded, FailedTryAgain (due again after a growing wait) or
// Failed (after the settings' most attempts). A process that dies mid-send leaves its rows in
// Processing: past the settings' maximum processing time they become Timeout, visible in the grid
// and sent again only after a user's reset, never silently twice.
import type { Queryable } from '../db/pool.ts';
import { message } from '../../definitions/language/index.ts';
import { OUTBOX_TABLE, payloadOf, transportOf } from './outbox.ts';
import { readMailSettings, type MailSettings } from './settings.ts';
import { MESSAGE_STATUS, type MessagePayload, type TransportResult } from './types.ts';

const S = MESSAGE_STATUS;

export interface SenderOptions {
  /** Rows claimed at once. */
  batchSize?: number;
  /** Messages of a batch sent at once. */
  concurrency?: number;
  /** Stops claiming new batches after this long (ms); the rest is for the next run. */
  budgetMs?: number;
  settings?: (db: Queryable) => Promise<MailSettings>;
}

export interface SendCounts {
  succeeded: number;
  retry: number;
  failed: number;
  skipped: number;
  invalid: number;
  timedOut: number;
}

interface Claimed {
  autoid: number;
  kind: string;
  payload: string | null;
  attempts: number;
  messagekey: string;
}

/** Claims up to `limit` due rows for this process. */
export async function claimDue(db: Queryable, limit: number): Promise<Claimed[]> {
  const rows = await db.query<Claimed>(
    `UPDATE ${OUTBOX_TABLE} o SET status = '${S.Processing}', claimedat = now(), attempts = o.attempts + 1, timestamp = o.timestamp + 1
       FROM (SELECT autoid FROM ${OUTBOX_TABLE}
              WHERE status IN ('${S.New}', '${S.FailedTryAgain}') AND executeat <= now()
              ORDER BY executeat, autoid LIMIT $1 FOR UPDATE SKIP LOCKED) due
      WHERE o.autoid = due.autoid
      RETURNING o.autoid, o.kind, o.payload, o.attempts, o.messagekey`,
    [limit],
  );
  return rows.rows.map((r) => ({ ...r, autoid: Number(r.autoid), attempts: Number(r.attempts) }));
}

/** Rows in Processing longer than the maximum processing time become Timeout; answers how many. */
export async function markTimeouts(db: Queryable, maxProcessingMinutes: number): Promise<number> {
  const done = await db.query(
    `UPDATE ${OUTBOX_TABLE} SET status = '${S.Timeout}', errorreason = $2, timestamp = timestamp + 1
      WHERE status = '${S.Processing}' AND claimedat < now() - make_interval(mins => $1)`,
    [maxProcessingMinutes, message('messages.timeout', maxProcessingMinutes)],
  );
  return done.rowCount ?? 0;
}

/** The wait before try `attempt + 1`: the settings' minutes, doubled per try, at most a day. */
export const backoffMinutes = (settings: MailSettings, attempt: number): number =>
  Math.min(24 * 60, settings.retryMinutes * 2 ** Math.max(0, attempt - 1));

/** Writes the outcome of one try; a row no longer in Processing (a user reset it) is left alone. */
async function record(
  db: Queryable,
  row: Claimed,
  result: TransportResult,
  settings: MailSettings,
): Promise<keyof SendCounts> {
  if (result.ok) {
    await db.query(
      `UPDATE ${OUTBOX_TABLE} SET status = '${S.Succeeded}', sentat = now(), errorreason = NULL, result = $2, timestamp = timestamp + 1
        WHERE autoid = $1 AND status = '${S.Processing}'`,
      [row.autoid, result.detail ?? null],
    );
    return 'succeeded';
  }
  const again = result.retry && row.attempts < settings.maxAttempts;
  await db.query(
    `UPDATE ${OUTBOX_TABLE} SET status = $2, errorreason = $3, executeat = CASE WHEN $4::int > 0 THEN now() + make_interval(mins => $4::int) ELSE executeat END,
            timestamp = timestamp + 1
      WHERE autoid = $1 AND status = '${S.Processing}'`,
    [
      row.autoid,
      String(again ? S.FailedTryAgain : S.Failed),
      result.reason.slice(0, 4000),
      again ? backoffMinutes(settings, row.attempts) : 0,
    ],
  );
  return again ? 'retry' : 'failed';
}

async function markAs(db: Queryable, row: Claimed, status: number, reason: string, testMode = false): Promise<void> {
  await db.query(
    `UPDATE ${OUTBOX_TABLE} SET status = $2, errorreason = $3, testmode = $4, timestamp = timestamp + 1
      WHERE autoid = $1 AND status = '${S.Processing}'`,
    [row.autoid, String(status), reason, testMode],
  );
}

function parsePayload(kind: string, text: string | null): MessagePayload | null {
  try {
    return payloadOf(kind, JSON.parse(text ?? ''));
  } catch {
    return null;
  }
}

/** One claimed row: sent (or, in test mode, generated only), and its outcome written. */
async function sendOne(db: Queryable, row: Claimed, settings: MailSettings): Promise<keyof SendCounts> {
  const payload = parsePayload(row.kind, row.payload);
  const transport = transportOf(row.kind);
  if (!payload || !transport) {
    await markAs(
      db,
      row,
      S.Invalid,
      message(payload ? 'messages.no_transport' : 'messages.unreadable_payload', row.kind),
    );
    return 'invalid';
  }
  if (settings.testMode && row.kind === 'email') {
    await markAs(db, row, S.Skipped, message('messages.test_mode'), true);
    return 'skipped';
  }
  const signal = AbortSignal.timeout(settings.timeoutSeconds * 1000);
  let result: TransportResult;
  try {
    result = await transport(payload, {
      messageId: row.autoid,
      attempt: row.attempts,
      messageKey: row.messagekey,
      signal,
    });
  } catch (err) {
    result = { ok: false, retry: true, reason: err instanceof Error ? err.message : String(err) };
  }
  return record(db, row, result, settings);
}

/** Runs `work` over `items`, at most `limit` at once. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/** Sends what is due now, batch after batch, until nothing is due or the budget is spent. */
export async function sendDue(db: Queryable, opts: SenderOptions = {}): Promise<SendCounts> {
  const settings = await (opts.settings ?? readMailSettings)(db);
  const counts: SendCounts = { succeeded: 0, retry: 0, failed: 0, skipped: 0, invalid: 0, timedOut: 0 };
  counts.timedOut = await markTimeouts(db, settings.maxProcessingMinutes);
  const started = Date.now();
  const budget = opts.budgetMs ?? 60_000;
  while (Date.now() - started < budget) {
    const rows = await claimDue(db, opts.batchSize ?? 100);
    if (!rows.length) break;
    await inParallel(rows, opts.concurrency ?? 10, async (row) => {
      counts[await sendOne(db, row, settings)]++;
    });
  }
  return counts;
}

/** Whether anything is due now (the watch queues a run when so). */
export async function anythingDue(db: Queryable): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM ${OUTBOX_TABLE} WHERE status IN ('${S.New}', '${S.FailedTryAgain}') AND executeat <= now() LIMIT 1`,
  );
  return rows.rows.length > 0;
}
