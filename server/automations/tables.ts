// The platform tables automations and webhooks keep their definitions in (base pack), and the
// settings that bound them. They are the engine's own tables, as `users` is the security module's:
// no domain table is named here.
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import { engineTable } from '../data/table-sql.ts';
import { recordFromRow } from '../data/values.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { DEFAULT_WEBHOOK_SETTINGS, parseAllowedHosts, type WebhookSettings } from '../messages/webhook.ts';

export const AUTOMATIONS = 'automations';
export const TRIGGERS = 'automationtriggers';
export const ACTIONS = 'automationactions';
export const RUNS = 'automationruns';
export const WEBHOOKS = 'webhooks';
export const SETTINGS = 'automationsettings';

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
  const model = snapshot.table(SETTINGS);
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

/** The rows of one of these tables as records (by defined names), for the engine's own reading. */
export async function recordsOf(
  db: Queryable,
  snapshot: Snapshot,
  table: string,
  where = 'true',
  params: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  const model = snapshot.table(table);
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
