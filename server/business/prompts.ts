// The values a user gives when starting a transition or an action: described for the runtime,
// checked on the way in (required, type, length), and put into the record's changes.
import {
  isCalendarDate, isDateTime, isRule, now, ruleValue, type PromptDef, type PromptInfo,
} from '../../definitions/language/index.ts';
import { invalidFields, type FieldMessage } from '../errors.ts';
import { dataSetValue } from '../data/filters.ts';
import type { Principal } from '../security/principal.ts';

/** Prompts that go to the status log, not to a field of the record. */
const LOG_PROMPTS = new Set(['Reason', 'Comment', 'Date']);

export function promptInfo(p: PromptDef): PromptInfo {
  return {
    Name: p.name, Label: p.label, Type: p.type, Required: p.required === true,
    ...(p.list ? { ListMethod: `mvc/_lists/${p.list}` } : {}),
    ...(p.options ? { Options: p.options } : {}),
    ...(p.maxLength ? { MaxLength: p.maxLength } : {}),
  };
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

function wrongType(p: PromptDef, v: unknown): boolean {
  switch (p.type) {
    case 'text': case 'textarea': return typeof v !== 'string' || v.length > (p.maxLength ?? 4000);
    case 'date': return typeof v !== 'string' || !isCalendarDate(v);
    case 'datetime': return typeof v !== 'string' || !isDateTime(v, { timeRequired: true });
    case 'integer': return typeof v !== 'number' || !Number.isSafeInteger(v);
    case 'decimal': return typeof v !== 'number' || !Number.isFinite(v);
    case 'bool': return typeof v !== 'boolean';
    case 'list': return typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1;
    case 'select': return !(p.options ?? []).some((o) => o.value === v);
  }
}

/** Checks the given values against the prompts; answers them by prompt name (unknown names refused). */
export function checkPrompts(prompts: readonly PromptDef[] | undefined, values: Record<string, unknown> = {}): Record<string, unknown> {
  const problems: Record<string, FieldMessage[]> = {};
  const byName = new Map((prompts ?? []).map((p) => [p.name.toLowerCase(), p]));
  const checked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const p = byName.get(name.toLowerCase());
    if (!p) { problems[name] = [{ id: 'validation.unknown_field', args: [name] }]; continue; }
    if (!empty(value) && wrongType(p, value)) { problems[p.name] = [{ id: 'validation.invalid', args: [p.label] }]; continue; }
    checked[p.name] = empty(value) ? null : value;
  }
  for (const p of prompts ?? []) {
    if (!p.required || !empty(checked[p.name]) || problems[p.name]) continue;
    problems[p.name] = [p.requiredMessage ? { id: 'validation.check', args: [p.requiredMessage] } : { id: 'validation.required', args: [p.label] }];
  }
  if (Object.keys(problems).length) throw invalidFields(problems);
  return checked;
}

/** A `set` with its placeholders filled in, plus the prompts that name fields of the record. */
export function changesOf(set: Record<string, unknown> | undefined, prompts: Record<string, unknown>, principal: Principal, record: Record<string, unknown> = {}): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(prompts)) if (!LOG_PROMPTS.has(name) && name !== 'Target') changes[name] = value;
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
