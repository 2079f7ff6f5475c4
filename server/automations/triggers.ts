// Which enabled automations a record change starts. The triggers are read once and kept until a
// definition or an automation table changes (every process hears of a write by its NOTIFY), so a
// save costs no read of them: only the one insert of the runs it starts (enqueue.ts).
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { tableGeneration } from '../data/cache.ts';
import { engineTable } from '../data/table-sql.ts';
import type { RecordChange } from '../data/change-observers.ts';
import type { Snapshot } from '../metadata/registry.ts';
import {
  ACTIONS,
  AUTOMATIONS,
  readSettings,
  recordsOf,
  SETTINGS,
  TRIGGERS,
  type AutomationSettings,
  roleTable,
} from './tables.ts';

const TRIGGER_KINDS = ['created', 'changed', 'deleted', 'transition', 'outcome', 'schedule'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
const isTriggerKind = (v: unknown): v is TriggerKind => TRIGGER_KINDS.some((k) => k === v);

export interface Trigger {
  autoId: number;
  automation: number;
  kind: TriggerKind;
  /** The table's defined name, lower case. */
  table: string;
  field: string | null;
  /** The value the field changes to, as stored (a list field's code resolved to its AutoID). */
  value: string | null;
  transition: string | null;
}

interface Loaded {
  key: string;
  byTable: Map<string, Trigger[]>;
  settings: AutomationSettings;
}

let loaded: Loaded | null = null;

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** The key the loaded triggers hold for: the definitions' version and the tables' write generations. */
function keyOf(snapshot: Snapshot): string {
  const gen = (role: string) => {
    const model = roleTable(snapshot, role);
    return model ? tableGeneration(model.table.sqlName) : '-';
  };
  return [snapshot.version, gen(AUTOMATIONS), gen(TRIGGERS), gen(ACTIONS), gen(SETTINGS)].join('|');
}

/** A list field's value is given by the code of the listed row (as a user types it): its AutoID. */
async function storedValue(db: Queryable, snapshot: Snapshot, t: Trigger): Promise<string | null> {
  if (t.value === null || !t.field) return t.value;
  const model = snapshot.table(t.table);
  const field = model?.byName.get(t.field.toLowerCase());
  const join = model?.listJoins.find((j) => j.field === field);
  if (!field || !join) return field?.type === 'bool' ? String(/^(1|true|ja|yes)$/i.test(t.value)) : t.value;
  const code = join.list.codeField ?? join.list.textField;
  const column = join.ref.fields.find((f) => f.name.toLowerCase() === code.toLowerCase());
  if (!column) return t.value;
  const row = (
    await db.query(`SELECT autoid FROM ${engineTable(join.ref)} WHERE ${ident(column.sqlName)}::text = $1 LIMIT 1`, [
      t.value,
    ])
  ).rows[0];
  return row ? String(row.autoid) : t.value;
}

/** Reads the triggers of enabled automations (not templates) again. */
async function load(db: Queryable, snapshot: Snapshot, key: string): Promise<Loaded> {
  const automations = roleTable(snapshot, AUTOMATIONS);
  const byTable = new Map<string, Trigger[]>();
  const settings = await readSettings(db, snapshot);
  if (!automations || !roleTable(snapshot, TRIGGERS)) return { key, byTable, settings };
  const rows = await recordsOf(
    db,
    snapshot,
    TRIGGERS,
    `EXISTS (SELECT 1 FROM ${engineTable(automations.table)} a WHERE a.autoid = t.automation AND a.enabled AND NOT a.archive AND NOT coalesce(a.istemplate, false))`,
  );
  for (const r of rows) {
    const kind = r.Kind;
    const table = text(r.Table)?.toLowerCase();
    if (!table || !isTriggerKind(kind) || kind === 'schedule') continue;
    const trigger: Trigger = {
      autoId: Number(r.AutoID),
      automation: Number(r.Automation),
      kind,
      table,
      field: text(r.Field),
      value: text(r.Value),
      transition: text(r.Transition),
    };
    trigger.value = await storedValue(db, snapshot, trigger);
    const list = byTable.get(table) ?? [];
    list.push(trigger);
    byTable.set(table, list);
  }
  return { key, byTable, settings };
}

/** The triggers on a table and the settings, as loaded (read again after any change of them). */
export async function triggersOn(
  db: Queryable,
  snapshot: Snapshot,
  table: string,
): Promise<{ triggers: Trigger[]; settings: AutomationSettings }> {
  const key = keyOf(snapshot);
  if (!loaded || loaded.key !== key) loaded = await load(db, snapshot, key);
  return { triggers: loaded.byTable.get(table.toLowerCase()) ?? [], settings: loaded.settings };
}

const valueText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Whether a trigger fires on a change. */
export function fires(t: Trigger, change: RecordChange): boolean {
  switch (t.kind) {
    case 'created':
      return change.action === 'created';
    case 'deleted':
      return change.action === 'deleted';
    case 'changed': {
      if (change.action !== 'updated' || !change.after) return false;
      if (!t.field) return true;
      const field = change.model.byName.get(t.field.toLowerCase());
      if (!field) return false;
      const before = valueText(change.before?.[field.name]);
      const after = valueText(change.after[field.name]);
      return before !== after && (t.value === null || after === t.value);
    }
    case 'transition':
    case 'outcome':
      return !!change.transition && (t.transition === null || t.transition === change.transition);
    default:
      return false;
  }
}

/** A trigger as a run's history tells it. */
export const describeTrigger = (t: Pick<Trigger, 'kind' | 'table' | 'field' | 'value' | 'transition'>): string =>
  [t.kind, t.table, t.field && `${t.field}${t.value !== null ? `=${t.value}` : ''}`, t.transition]
    .filter(Boolean)
    .join(' ')
    .slice(0, 200);
