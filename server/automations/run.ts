// One run of an automation: as its owner, read the record, decide the condition (json-logic over
// the record as the owner sees it), do the actions in one transaction, and write what was decided
// and done into the run's history row. The emulator does the same in a transaction that is always
// rolled back, so nothing it would write or send remains, and answers what would have happened.
import type pg from 'pg';
import { evaluateRule, isRule } from '../../definitions/language/index.ts';
import { inTransaction } from '../db/pool.ts';
import { insertRows } from '../data/rows.ts';
import { engineTable } from '../data/table-sql.ts';
import { recordFromRow } from '../data/values.ts';
import { placeholderFiller, readAs } from '../messages/index.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { runAction, type ActionResult } from './actions.ts';
import { asRun } from './depth.ts';
import { ownerOf } from './owner.ts';
import { ACTIONS, AUTOMATIONS, recordsOf, RUNS, RUN_STATUS, valuesOf, roleTable } from './tables.ts';

export interface RunRequest {
  automation: number;
  table: string | null;
  recordId: number | null;
  depth: number;
}

export interface RunOutcome {
  Decisions: { Condition: string; Result: boolean; Reason?: string }[];
  Results: ActionResult[];
}

class Emulated extends Error {
  constructor(readonly outcome: RunOutcome) {
    super('emulated');
  }
}

/** The automation's condition: json-logic over the record (none: always). */
const conditionOf = (text: unknown) => {
  if (typeof text !== 'string' || !text.trim()) return undefined;
  const parsed: unknown = JSON.parse(text);
  return isRule(parsed) || typeof parsed === 'boolean' ? parsed : undefined;
};

/** Decides and acts inside `client`'s transaction; answers what was decided and done. */
async function decideAndAct(
  client: pg.PoolClient,
  snapshot: Snapshot,
  req: RunRequest,
  emulated: boolean,
): Promise<RunOutcome> {
  const [automation] = await recordsOf(client, snapshot, AUTOMATIONS, 't.autoid = $1', [req.automation]);
  const outcome: RunOutcome = { Decisions: [], Results: [] };
  if (!automation) {
    outcome.Decisions.push({ Condition: 'automation', Result: false, Reason: 'gone' });
    return outcome;
  }
  // Switched off after the run was queued: it does nothing (the emulator tries it all the same).
  if (!emulated && automation.Enabled !== true) {
    outcome.Decisions.push({ Condition: 'enabled', Result: false });
    return outcome;
  }
  const owner = await ownerOf(client, snapshot, automation);
  if (!owner) {
    outcome.Decisions.push({ Condition: 'owner', Result: false, Reason: 'no active owner' });
    return outcome;
  }
  const model = req.table ? snapshot.table(req.table) : undefined;
  let record: Record<string, unknown> = {};
  if (model && req.recordId) {
    const read = await readAs(client, model, owner, req.recordId);
    if (!read) {
      // Deleted, or not the owner's to see: the owner's automation does not act on it.
      outcome.Decisions.push({ Condition: 'record', Result: false, Reason: 'not readable by the owner' });
      return outcome;
    }
    record = read;
  }
  const rule = conditionOf(automation.Condition);
  if (rule) {
    const result = evaluateRule(rule, record);
    outcome.Decisions.push({ Condition: String(automation.Condition), Result: result });
    if (!result) return outcome;
  }
  const actions = (await recordsOf(client, snapshot, ACTIONS, 't.automation = $1', [req.automation])).sort(
    (a, b) => Number(a.Sequence ?? 0) - Number(b.Sequence ?? 0) || Number(a.AutoID) - Number(b.AutoID),
  );
  const filler = placeholderFiller({ db: client, snapshot, principal: owner, model, record });
  await asRun(req.depth, req.automation, async () => {
    for (const action of actions)
      outcome.Results.push(
        await runAction(
          {
            client,
            snapshot,
            owner,
            automation: req.automation,
            model,
            recordId: req.recordId ?? undefined,
            record,
            filler,
          },
          action,
        ),
      );
  });
  return outcome;
}

const json = (v: unknown) => JSON.stringify(v);

/** Does one queued run (claimed by the job: status Processing) and records its outcome. */
export async function processRun(pool: pg.Pool, snapshot: Snapshot, runId: number): Promise<void> {
  const runs = roleTable(snapshot, RUNS);
  if (!runs) return;
  const row = (await pool.query(`SELECT * FROM ${engineTable(runs.table)} WHERE autoid = $1`, [runId])).rows[0];
  if (!row) return;
  const r = recordFromRow(runs, row);
  const req: RunRequest = {
    automation: Number(r.Automation),
    table: typeof r.Table === 'string' ? r.Table : null,
    recordId: r.RecordID === null || r.RecordID === undefined ? null : Number(r.RecordID),
    depth: Number(r.Depth) || 1,
  };
  try {
    await inTransaction(pool, async (client) => {
      const outcome = await decideAndAct(client, snapshot, req, false);
      await client.query(
        `UPDATE ${engineTable(runs.table)} SET status = $2, decisions = $3, results = $4, finishedat = now(), timestamp = timestamp + 1 WHERE autoid = $1`,
        [runId, String(RUN_STATUS.Succeeded), json(outcome.Decisions), json(outcome.Results)],
      );
    });
  } catch (err) {
    // The run's writes and messages are rolled back whole; the history says why.
    const message = err instanceof Error ? err.message : String(err);
    await pool.query(
      `UPDATE ${engineTable(runs.table)} SET status = $2, error = $3, finishedat = now(), timestamp = timestamp + 1 WHERE autoid = $1`,
      [runId, String(RUN_STATUS.Failed), message.slice(0, 4000)],
    );
  }
}

/**
 * What a run on a record would decide and do, with nothing of it kept: the work happens in a
 * transaction that is rolled back (messages it queued and records it wrote go with it). The try
 * is kept in the history, marked as emulated.
 */
export async function emulateRun(
  pool: pg.Pool,
  snapshot: Snapshot,
  req: RunRequest,
  username: string,
): Promise<RunOutcome> {
  let outcome: RunOutcome;
  try {
    await inTransaction(pool, async (client) => {
      throw new Emulated(await decideAndAct(client, snapshot, req, true));
    });
    throw new Error('unreachable');
  } catch (err) {
    if (!(err instanceof Emulated)) throw err;
    outcome = err.outcome;
  }
  const runs = roleTable(snapshot, RUNS);
  if (runs)
    await insertRows(
      pool,
      runs,
      [
        valuesOf(runs, {
          Automation: req.automation,
          Trigger: 'emulator',
          Table: req.table,
          RecordID: req.recordId,
          Depth: req.depth,
          Status: String(RUN_STATUS.Succeeded),
          Emulated: true,
          Decisions: json(outcome.Decisions),
          Results: json(outcome.Results),
          StartedAt: new Date().toISOString(),
          FinishedAt: new Date().toISOString(),
        }),
      ],
      username,
    );
  return outcome;
}
