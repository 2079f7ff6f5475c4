// The platform tables automations and webhooks keep their definitions in, and the settings that
// bound them. A pack marks each with a behaviour (the base pack's automations, automationtriggers …):
// the engine finds them by it, never by a table's name.
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import { engineTable } from '../data/table-sql.ts';
import { recordFromRow } from '../data/values.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { DEFAULT_WEBHOOK_SETTINGS, parseAllowedHosts, type WebhookSettings } from '../messages/webhook.ts';

/** The behaviours (BehaviourName) that mark the tables. */
export const AUTOMATIONS = 'automation';
export const TRIGGERS = 'automation-trigger';
export const ACTIONS = 'automation-action';
export const RUNS = 'automation-run';
export const WEBHOOKS = 'webhook-secret';
export const SETTINGS = 'automation-settings';

const marked = new WeakMap<Snapshot, Map<string, TableModel | undefined>>();

/** The table the packs mark with the behaviour `role` (the first by name when several are). */
export function roleTable(snapshot: Snapshot, role: string): TableModel | undefined {
  let found = marked.get(snapshot);
  if (!found) marked.set(snapshot, (found = new Map()));
  if (!found.has(role)) {
    const names = [...snapshot.effective.tables.values()]
      .filter((t) => [t.behaviour].flat().some((b) => b === role))
      .map((t) => t.name)
      .sort();
    found.set(role, names.length ? snapshot.table(names[0]) : undefined);
  }
  return found.get(role);
}

/** Whether the table is the one marked with the behaviour `role`. */
export const isRole = (model: TableModel, role: string): boolean =>
  [model.table.behaviour].flat().some((b) => b === role);

/** A run's status (spec 3 §4, message queue status). */
export const RUN_STATUS = { New: 0, Processing: 1, Succeeded: 2, FailedTryAgain: 3, Failed: 4 } as const;

export interface AutomationSettings {
  /** The deepest run an automation's own writes may start (1: they start none). */
  maxDepth: number;
  webhook: WebhookSettings;
}

export const DEFAULT_SETTINGS: AutomationSettings = { maxDepth: 1, webhook: DEFAULT_WEBHOOK_SETTINGS };

const number = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);

/** The settings row (absent when the pack has no such table: the defaults). */
export async function readSettings(db: Queryable, snapshot: Snapshot): Promise<AutomationSettings> {
  const model = roleTable(snapshot, SETTINGS);
  if (!model) return DEFAULT_SETTINGS;
  const row = (await db.query(`SELECT * FROM ${engineTable(model.table)} ORDER BY autoid LIMIT 1`)).rows[0];
  if (!row) return DEFAULT_SETTINGS;
  const r = recordFromRow(model, row);
  return {
    maxDepth: number(r.MaxDepth, DEFAULT_SETTINGS.maxDepth),
    webhook: {
      allowedHosts: parseAllowedHosts(typeof r.AllowedHosts === 'string' ? r.AllowedHosts : ''),
      timeoutMs: number(r.TimeoutSeconds, DEFAULT_WEBHOOK_SETTINGS.timeoutMs / 1000) * 1000,
      maxResponseBytes: number(r.MaxResponseKB, DEFAULT_WEBHOOK_SETTINGS.maxResponseBytes / 1024) * 1024,
    },
  };
}

/** The rows of one of these tables (by its behaviour `role`) as records (by defined names), for the engine's own reading. */
export async function recordsOf(
  db: Queryable,
  snapshot: Snapshot,
  role: string,
  where = 'true',
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  return recordsIn(db, roleTable(snapshot, role), where, params);
}

/** The rows of a table as records (by defined names), for the engine's own reading. */
export async function recordsIn(
  db: Queryable,
  model: TableModel | undefined,
  where = 'true',
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  if (!model) return [];
  const rows = (await db.query(`SELECT * FROM ${engineTable(model.table)} t WHERE ${where}`, params)).rows;
  return rows.map((row) => recordFromRow(model, row));
}

/** Values by defined field name as a write's value map (names the table lacks are left out). */
export function valuesOf(model: TableModel, values: Record<string, unknown>): Map<EffectiveField | 'archive', unknown> {
  const out = new Map<EffectiveField | 'archive', unknown>();
  for (const [name, value] of Object.entries(values)) {
    const field = model.byName.get(name.toLowerCase());
    if (field) out.set(field, value);
  }
  return out;
}
