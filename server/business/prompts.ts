// The values a user gives when starting a transition or an action: described for the runtime,
// checked on the way in (required, type, length: prompt-schema.ts), and put into the record's changes.
import { isRule, now, ruleValue, type PromptDef, type PromptInfo } from '../../definitions/language/index.ts';
import { invalidFields } from '../errors.ts';
import { dataSetValue } from '../data/filters.ts';
import type { Principal } from '../security/principal.ts';
import { validatePrompts } from './prompt-schema.ts';

/** Prompts that go to the status log, not to a field of the record. */
const LOG_PROMPTS = new Set(['Reason', 'Comment', 'Date']);

export function promptInfo(p: PromptDef): PromptInfo {
  return {
    Name: p.name,
    Label: p.label,
    Type: p.type,
    Required: p.required === true,
    ...(p.list ? { ListMethod: `mvc/_lists/${p.list}` } : {}),
    ...(p.options ? { Options: p.options } : {}),
    ...(p.maxLength ? { MaxLength: p.maxLength } : {}),
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
