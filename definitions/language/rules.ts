// json-logic rules over one record (visibleWhen, enabledWhen, requiredWhen).
// json-logic-js resolves `var` paths through the prototype chain, so a rule may only name
// fields of its own record, and only the operators listed here; both are checked when a
// definition is loaded, and evaluation sees a prototype-free copy of the record.
import jsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';

const OPERATORS = new Set([
  '==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', 'and', 'or', 'if', '?:',
  'in', 'cat', 'substr', '+', '-', '*', '/', '%', 'min', 'max', 'var', 'missing', 'missing_some',
]);

import type { Said } from './messages.ts';

/** A rule's problem; `said` names the field through `{0}`, filled in by the caller. */
export interface RuleProblem { pointer: string; message: string; said: Said }

/** Checks a rule's operators and the fields it reads; answers every problem with its JSON pointer. */
export function ruleProblems(rule: unknown, fieldNames: ReadonlySet<string>, pointer = ''): RuleProblem[] {
  if (rule === null || typeof rule !== 'object') return [];
  if (Array.isArray(rule)) return rule.flatMap((r, i) => ruleProblems(r, fieldNames, `${pointer}/${i}`));
  const keys = Object.keys(rule);
  if (keys.length !== 1) return [{ pointer, message: 'a rule object has exactly one operator', said: { id: 'definition.rule_one_operator', args: [] } }];
  const op = keys[0];
  const args = (rule as Record<string, unknown>)[op];
  const here = `${pointer}/${op.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (!OPERATORS.has(op)) return [{ pointer: here, message: `operator '${op}' is not allowed in rules`, said: { id: 'definition.rule_operator', args: [op] } }];
  if (op === 'var' || op === 'missing' || op === 'missing_some') {
    const names = varNames(op, args);
    if (names === null) return [{ pointer: here, message: `${op} takes field names as plain strings`, said: { id: 'definition.rule_names', args: [op] } }];
    return names.filter((n) => !fieldNames.has(n))
      .map((n) => ({ pointer: here, message: `rule reads '${n}', which is not a field of this record`, said: { id: 'definition.rule_field', args: [n] } }));
  }
  return ruleProblems(args, fieldNames, here);
}

/** The fields a rule reads. */
export function ruleFields(rule: unknown): string[] {
  if (rule === null || typeof rule !== 'object') return [];
  if (Array.isArray(rule)) return rule.flatMap(ruleFields);
  return Object.entries(rule as Record<string, unknown>).flatMap(([op, args]) =>
    (op === 'var' || op === 'missing' || op === 'missing_some' ? varNames(op, args) ?? [] : ruleFields(args)));
}

function varNames(op: string, args: unknown): string[] | null {
  const list = Array.isArray(args) ? args : [args];
  if (op === 'var') {
    // {"var": "Field"} or {"var": ["Field", default]}; the default may be any literal.
    return typeof list[0] === 'string' ? [list[0]] : null;
  }
  const names = op === 'missing_some' ? list[1] : list;
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return null;
  return names as string[];
}

/** Evaluates a checked rule against a record; only the record's own fields are visible. */
export function evaluateRule(rule: RulesLogic | boolean | undefined, record: Record<string, unknown>): boolean {
  if (rule === undefined) return true;
  if (typeof rule === 'boolean') return rule;
  const data: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(record)) data[key] = record[key];
  return Boolean(jsonLogic.apply(rule, data));
}
