// The values a user gives when starting a transition or an action: described for the runtime,
// checked on the way in (required, type, length: prompt-schema.ts), and put into the record's changes.
import {
  evaluateRule,
  isRule,
  now,
  ruleFields,
  ruleValue,
  type PromptDef,
  type PromptInfo,
  type TransitionDef,
} from '../../definitions/language/index.ts';
import { invalidFields } from '../errors.ts';
import { dataSetValue, Params } from '../data/filters.ts';
import { relatedValues, type TableOf } from '../data/related.ts';
import { settingsName } from '../../definitions/language/settings-rules.ts';
import { ruleSql } from '../data/rule-sql.ts';
import { engineTable } from '../data/table-sql.ts';
import type { Queryable } from '../db/pool.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { validatePrompts } from './prompt-schema.ts';

/** Prompts that go to the status log, not to a field of the record. */
const LOG_PROMPTS = new Set(['Reason', 'Comment', 'Date']);

/**
 * A prompt as the runtime shows it. `forKey` (`invoices.void.VoidReason`) is what its picker sends
 * as `For` with its lookup when the prompt filters its list's rows (`where`).
 */
export function promptInfo(p: PromptDef, forKey?: string): PromptInfo {
  return {
    Name: p.name,
    Label: p.label,
    Type: p.type,
    Required: p.required === true,
    ...(p.list ? { ListMethod: `mvc/_lists/${p.list}` } : {}),
    ...(p.list && p.where !== undefined && forKey ? { For: forKey } : {}),
    ...(p.options ? { Options: p.options } : {}),
    ...(p.maxLength ? { MaxLength: p.maxLength } : {}),
    ...(p.default !== undefined ? { Default: p.default } : {}),
  };
}

/** Checks the given values against the prompts (prompt-schema.ts); answers them by prompt name (unknown names refused). */
export function checkPrompts(
  prompts: readonly PromptDef[] | undefined,
  values: Record<string, unknown> = {},
): Record<string, unknown> {
  const checked = validatePrompts(prompts ?? [], values);
  if (checked.problems) throw invalidFields(checked.problems);
  return checked.values;
}

/** The rules of a transition's prompts and requires, whose settings and referenced rows are read first. */
export const ruleParts = (t: TransitionDef): unknown[] => [
  ...(t.prompts ?? []).map((p) => p.required).filter((r) => typeof r === 'object' && r !== null),
  ...(t.requires ?? []).flatMap((r) => (typeof r === 'string' ? [] : [r.when])),
];

/** The prompts with a `required` rule judged now (over the record and the settings it reads): required or not. */
export function requiredNow(
  prompts: readonly PromptDef[] | undefined,
  record: Record<string, unknown>,
  related: ReadonlyMap<string, unknown> | undefined,
): readonly PromptDef[] | undefined {
  if (!prompts?.some((p) => typeof p.required === 'object' && p.required !== null)) return prompts;
  return prompts.map((p) =>
    typeof p.required === 'object' && p.required !== null
      ? { ...p, required: evaluateRule(p.required, record, related) }
      : p,
  );
}

/**
 * The prompts with each `required` rule that reads settings only judged now: the same for every
 * record, so a batch refuses a missing value as a whole (400) before it starts.
 */
export async function requiredBySettings(
  db: Queryable,
  model: TableModel,
  prompts: readonly PromptDef[] | undefined,
  tableOf: TableOf,
): Promise<readonly PromptDef[] | undefined> {
  const settingsOnly = (p: PromptDef) =>
    typeof p.required === 'object' && p.required !== null && ruleFields(p.required).every((n) => !!settingsName(n));
  const rules = (prompts ?? []).filter(settingsOnly).map((p) => p.required);
  if (!prompts || !rules.length) return prompts;
  const related = await relatedValues(db, model, {}, rules, tableOf);
  return prompts.map((p) => (settingsOnly(p) ? { ...p, required: evaluateRule(p.required, {}, related) } : p));
}

/**
 * A list prompt with a filter (`where`) takes only a row for which it holds (400 naming the
 * prompt's label), judged by the database over all the list's rows as the engine reads them.
 */
export async function promptFiltersHold(
  db: Queryable,
  model: TableModel,
  prompts: readonly PromptDef[] | undefined,
  values: Record<string, unknown>,
  tableOf: TableOf,
): Promise<void> {
  for (const p of prompts ?? []) {
    const value = values[p.name];
    if (p.where === undefined || !p.list || value === null || value === undefined) continue;
    const rows = tableOf(model.listTable(p.list) ?? '');
    if (!rows) continue;
    const params = new Params();
    const where = ruleSql(p.where, { fields: rows.table.fields, alias: 'r' }, params);
    const found = await db.query(
      `SELECT 1 FROM ${engineTable(rows.table)} r WHERE r.autoid = ${params.add(value)} AND ${where}`,
      params.values,
    );
    if (!found.rows.length) throw invalidFields({ [p.name]: [{ id: 'validation.prompt_filter', args: [p.label] }] });
  }
}

const readsSetting = (p: PromptDef) => typeof p.default === 'string' && !!settingsName(p.default);

/**
 * The prompts with each default that names a setting (`$settings.planningsettings.PicklistGenerationOffset`)
 * replaced by the setting's value as it stands; no default when it is empty. With `seenBy` (a
 * default shown to a user) a setting that user may not read is empty too.
 */
export async function settingDefaults(
  db: Queryable,
  model: TableModel,
  prompts: PromptDef[] | undefined,
  tableOf: TableOf,
  seenBy?: Principal,
): Promise<PromptDef[] | undefined> {
  if (!prompts?.some(readsSetting)) return prompts;
  const rules = prompts.filter(readsSetting).map((p) => ({ var: String(p.default) }));
  const values = await relatedValues(db, model, {}, rules, tableOf, seenBy);
  return prompts.map((p) => {
    if (!readsSetting(p)) return p;
    const { default: setting, ...rest } = p;
    const value = values?.get(String(setting));
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? { ...rest, default: value }
      : rest;
  });
}

/**
 * The values given, and for each prompt not given whose default names a setting, the setting's
 * value: the configuration holds for whoever runs the action, whether or not they may read it.
 */
export async function withSettingDefaults(
  db: Queryable,
  model: TableModel,
  prompts: readonly PromptDef[] | undefined,
  values: Record<string, unknown>,
  tableOf: TableOf,
): Promise<Record<string, unknown>> {
  const given = new Set(Object.keys(values).map((k) => k.toLowerCase()));
  const missing = (prompts ?? []).filter((p) => readsSetting(p) && !given.has(p.name.toLowerCase()));
  if (!missing.length) return values;
  const filled = await settingDefaults(db, model, missing, tableOf);
  const out = { ...values };
  for (const p of filled ?? []) if (p.default !== undefined) out[p.name] = p.default;
  return out;
}

/** A `set` with its placeholders filled in, plus the prompts that name fields of the record. */
export function changesOf(
  set: Record<string, unknown> | undefined,
  prompts: Record<string, unknown>,
  principal: Principal,
  record: Record<string, unknown> = {},
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(prompts))
    if (!LOG_PROMPTS.has(name) && name !== 'Target') changes[name] = value;
  for (const [field, value] of Object.entries(set ?? {})) {
    if (typeof value === 'string' && value.startsWith('$prompt.')) changes[field] = prompts[value.slice(8)] ?? null;
    // A rule computes the value from the record as it stands (`{"var": "OrderQuantity"}`).
    else if (isRule(value)) changes[field] = ruleValue(value, record, { $record: record });
    else if (value === '$now') changes[field] = now();
    else changes[field] = dataSetValue(value, principal);
  }
  return changes;
}

/** What a transition writes to the status log besides from and to. */
export function logPart(prompts: Record<string, unknown>) {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return { reason: text(prompts.Reason), comment: text(prompts.Comment), date: text(prompts.Date) };
}
