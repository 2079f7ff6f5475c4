// json-logic rules over one record (visibleWhen, enabledWhen, requiredWhen, checks, guards).
// json-logic-js resolves `var` paths through the prototype chain, so a rule may only name
// fields of its own record, and only the operators listed here; both are checked when a
// definition is loaded, and evaluation sees a prototype-free copy of the record.
// A check's or a guard's rule may also read a field of a referenced row through list fields
// (`ObjectType.ConstructionYearMask`): the server loads those values, so such rules are judged
// on the server only.
import jsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';
import { today as clockToday } from './clock.ts';
import { EXPRESSION_OPERATORS, expandExpression } from './expressions.ts';

const OPERATORS = new Set([
  '==',
  '===',
  '!=',
  '!==',
  '>',
  '>=',
  '<',
  '<=',
  '!!',
  '!',
  'and',
  'or',
  'if',
  '?:',
  'in',
  'cat',
  'substr',
  '%',
  'min',
  'max',
  'var',
  'missing',
  'missing_some',
  'matches',
  'today',
  ...EXPRESSION_OPERATORS,
]);

/**
 * Whether a value fits a mask: `9` a digit, `A` a letter, `X` a letter or digit, `*` any one
 * character, anything else itself. An empty value or mask fits. A mask, not a regular
 * expression: a definition cannot make the server backtrack for ever.
 */
export function fitsMask(value: unknown, mask: unknown): boolean {
  if (value === null || value === undefined || value === '' || mask === null || mask === undefined || mask === '')
    return true;
  const v = [...String(value)];
  const m = [...String(mask)];
  if (v.length !== m.length) return false;
  return m.every((c, i) => {
    const ch = v[i];
    if (c === '9') return /\p{Nd}/u.test(ch);
    if (c === 'A') return /\p{L}/u.test(ch);
    if (c === 'X') return /[\p{L}\p{Nd}]/u.test(ch);
    return c === '*' || c === ch;
  });
}

/**
 * Today's date (clock.ts: the installation's time zone) as records hold dates (YYYY-MM-DD), so
 * rules compare dates as text; `{"today": [7]}` is a week from today, `{"today": [-7]}` a week ago.
 */
function today(days?: unknown): string {
  const n = Math.trunc(Number(days ?? 0));
  return clockToday(Number.isFinite(n) ? n : 0);
}

jsonLogic.add_operation('matches', fitsMask);
jsonLogic.add_operation('today', today);

/** Where a rule's value of a referenced row is kept while it is evaluated: a key without dots. */
const RELATED_SEPARATOR = '\u241f';

import type { Said } from './messages.ts';

/** A rule's problem; `said` names the field through `{0}`, filled in by the caller. */
export interface RuleProblem {
  pointer: string;
  message: string;
  said: Said;
}

/**
 * Checks a rule's operators and the fields it reads; answers every problem with its JSON pointer.
 * `related` (checks and guards) says whether a dotted path names a field of a referenced row.
 */
export function ruleProblems(
  rule: unknown,
  fieldNames: ReadonlySet<string>,
  pointer = '',
  related?: (path: string) => boolean,
): RuleProblem[] {
  return problemsOf(expandExpression(rule), fieldNames, pointer, related);
}

function problemsOf(
  rule: unknown,
  fieldNames: ReadonlySet<string>,
  pointer: string,
  related?: (path: string) => boolean,
): RuleProblem[] {
  if (rule === null || typeof rule !== 'object') return [];
  if (Array.isArray(rule)) return rule.flatMap((r, i) => problemsOf(r, fieldNames, `${pointer}/${i}`, related));
  const keys = Object.keys(rule);
  if (keys.length !== 1)
    return [
      {
        pointer,
        message: 'a rule object has exactly one operator',
        said: { id: 'definition.rule_one_operator', args: [] },
      },
    ];
  const op = keys[0];
  const args = (rule as Record<string, unknown>)[op];
  const here = `${pointer}/${op.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (!OPERATORS.has(op))
    return [
      {
        pointer: here,
        message: `operator '${op}' is not allowed in rules`,
        said: { id: 'definition.rule_operator', args: [op] },
      },
    ];
  if (op === 'var' || op === 'missing' || op === 'missing_some') {
    const names = varNames(op, args);
    if (names === null)
      return [
        {
          pointer: here,
          message: `${op} takes field names as plain strings`,
          said: { id: 'definition.rule_names', args: [op] },
        },
      ];
    return names
      .filter((n) => !fieldNames.has(n) && !(op === 'var' && n.includes('.') && related?.(n)))
      .map((n) => ({
        pointer: here,
        message: `rule reads '${n}', which is not a field of this record`,
        said: { id: 'definition.rule_field', args: [n] },
      }));
  }
  return problemsOf(args, fieldNames, here, related);
}

/** The paths to fields of referenced rows a rule reads (`ObjectType.ConstructionYearMask`). */
export function relatedPaths(rule: unknown): string[] {
  return [...new Set(ruleFields(rule).filter((n) => n.includes('.')))];
}

const flatRules = new WeakMap<object, unknown>();
/** The rule with each dotted `var` renamed to the flat key its loaded value is kept under. */
function flattened(rule: unknown): unknown {
  if (rule === null || typeof rule !== 'object') return rule;
  const known = flatRules.get(rule);
  if (known !== undefined) return known;
  const out = Array.isArray(rule)
    ? rule.map(flattened)
    : Object.fromEntries(
        Object.entries(rule as Record<string, unknown>).map(([op, args]) => {
          if (op !== 'var') return [op, flattened(args)];
          const list = Array.isArray(args) ? args : [args];
          const name = typeof list[0] === 'string' ? list[0].split('.').join(RELATED_SEPARATOR) : list[0];
          return [op, Array.isArray(args) ? [name, ...list.slice(1)] : name];
        }),
      );
  flatRules.set(rule, out);
  return out;
}

/** The fields a rule reads (a calendar it names by `calendar_of` reads that row's fields). */
export function ruleFields(rule: unknown): string[] {
  return fieldsRead(expandExpression(rule));
}

function fieldsRead(rule: unknown): string[] {
  if (rule === null || typeof rule !== 'object') return [];
  if (Array.isArray(rule)) return rule.flatMap(fieldsRead);
  return Object.entries(rule as Record<string, unknown>).flatMap(([op, args]) =>
    op === 'var' || op === 'missing' || op === 'missing_some' ? (varNames(op, args) ?? []) : fieldsRead(args),
  );
}

function varNames(op: string, args: unknown): string[] | null {
  const list = Array.isArray(args) ? args : [args];
  if (op === 'var') {
    // {"var": "Field"} or {"var": ["Field", default]}; the default may be any literal.
    return typeof list[0] === 'string' ? [list[0]] : null;
  }
  const names = op === 'missing_some' ? list[1] : list;
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return null;
  return names;
}

/** Whether a definition's value is a rule to compute (an object) rather than a literal or a placeholder. */
export const isRule = (value: unknown): value is RulesLogic =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The value a rule computes (a stock level plus a received quantity). `plain`: the fields a bare
 * name reads (the record); `scopes`: records a `$scope.Field` name reads (`$target`, `$child`);
 * `related`: values of referenced rows by their full dotted path (`$child.Product.ObjectType`).
 */
export function ruleValue(
  rule: RulesLogic,
  plain: Record<string, unknown>,
  scopes: Record<string, Record<string, unknown>> = {},
  related?: ReadonlyMap<string, unknown>,
): unknown {
  // An empty value is left out, so `{"var": ["$target.Stock", 0]}` reads its default (a new stock row).
  const data: Record<string, unknown> = Object.create(null);
  const put = (key: string, value: unknown) => {
    if (value !== null && value !== undefined) data[key] = value;
  };
  for (const key of Object.keys(plain)) put(key, plain[key]);
  for (const [scope, record] of Object.entries(scopes))
    for (const key of Object.keys(record)) put(`${scope}${RELATED_SEPARATOR}${key}`, record[key]);
  for (const [path, value] of related ?? []) put(path.split('.').join(RELATED_SEPARATOR), value);
  return jsonLogic.apply(flattened(expandExpression(rule)) as RulesLogic, data);
}

/**
 * Evaluates a checked rule against a record; only the record's own fields are visible, and the
 * values of referenced rows the caller loaded (`related`, by dotted path).
 */
export function evaluateRule(
  rule: RulesLogic | boolean | undefined,
  record: Record<string, unknown>,
  related?: ReadonlyMap<string, unknown>,
): boolean {
  if (rule === undefined) return true;
  if (typeof rule === 'boolean') return rule;
  const data: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(record)) data[key] = record[key];
  const expanded = expandExpression(rule) as RulesLogic;
  if (!related) return Boolean(jsonLogic.apply(expanded, data));
  for (const [path, value] of related) data[path.split('.').join(RELATED_SEPARATOR)] = value;
  return Boolean(jsonLogic.apply(flattened(expanded) as RulesLogic, data));
}
