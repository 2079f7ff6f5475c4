// The table's checks and confirms as the form applies them (docs/business-records.md "Table
// attributes"): checks are evaluated live like the field rules and show under their fields;
// confirms are the questions asked before a save. Pure, so they are tested without a DOM.
import { evaluateRule } from '../../definitions/language/index.ts';
import type { FormAnswer, FormCheck, FormConfirm } from './types.ts';

export interface CheckMessages {
  /** Field name → messages of the checks that name it and do not hold. */
  fields: Record<string, string[]>;
  /** Messages of failing checks none of whose fields is on this form (another tab, hidden). */
  general: string[];
}

function holds(rule: FormCheck['ValidWhen'], record: Record<string, unknown>): boolean {
  try {
    return evaluateRule(rule, record);
  } catch {
    // A rule that cannot be evaluated here is the server's to judge; the save will say.
    return true;
  }
}

/** The messages of the checks that fail for this record, placed under the fields shown. */
export function checkMessages(
  checks: readonly FormCheck[] | undefined,
  record: Record<string, unknown>,
  shown: ReadonlySet<string>,
): CheckMessages {
  const result: CheckMessages = { fields: {}, general: [] };
  for (const check of checks ?? []) {
    if (holds(check.ValidWhen, record)) continue;
    const fields = check.Fields.filter((f) => shown.has(f));
    if (fields.length === 0) result.general.push(check.Message);
    for (const field of fields) (result.fields[field] ??= []).push(check.Message);
  }
  return result;
}

/** Whether every check holds (a save can go ahead without a message the form already shows). */
export function checksHold(checks: readonly FormCheck[] | undefined, record: Record<string, unknown>): boolean {
  return (checks ?? []).every((check) => holds(check.ValidWhen, record));
}

/** The questions to ask before saving this record, in the definition's order. */
export function confirmsFor(confirms: readonly FormConfirm[] | undefined, record: Record<string, unknown>): string[] {
  return (confirms ?? [])
    .filter((c) => {
      try {
        return evaluateRule(c.When, record);
      } catch {
        return false;
      }
    })
    .map((c) => c.Message);
}

/** The form as a detail tab shows it: the groups whose tab is `tab` (without one: the groups without a tab). */
export function formForTab(form: FormAnswer, tab: string | undefined): FormAnswer {
  const wanted = tab ?? null;
  const groups = form.Groups.filter((g) => (g.Tab ?? null) === wanted);
  const ids = new Set(groups.map((g) => g.GroupID));
  const known = new Set(form.Groups.map((g) => g.GroupID));
  // A property of a group the answer does not list follows its own Tab.
  const Properties = form.Properties.filter((p) =>
    p.GroupID !== null && known.has(p.GroupID) ? ids.has(p.GroupID) : (p.Tab ?? null) === wanted,
  );
  return { ...form, Groups: groups, Properties };
}

/** The form with these fields read-only (a child's parent key, fixed by the screen). */
export function lockFields(form: FormAnswer, names: readonly string[]): FormAnswer {
  if (names.length === 0) return form;
  const locked = new Set(names.map((n) => n.toLowerCase()));
  return {
    ...form,
    Properties: form.Properties.map((p) => (locked.has(p.FieldName.toLowerCase()) ? { ...p, Enabled: false } : p)),
  };
}
