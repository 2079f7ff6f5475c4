// Computed fields: each write of a record computes them from the record as the write leaves it
// and from the fields of rows its list fields reference, each after those it reads, inside the
// write's transaction. A value that cannot be computed (a division by zero, a date that is none)
// or does not fit its column refuses the write on that field, naming the expression's inputs.
import {
  decimalDigits,
  integerDigits,
  ruleFields,
  ruleValue,
  type EffectiveField,
} from '../../definitions/language/index.ts';
import { digitsFit } from '../../definitions/language/record-schema.ts';
import { ExpressionError, type ExpressionProblem } from '../../definitions/language/expressions.ts';
import type { MessageId } from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import type { Queryable } from '../db/pool.ts';
import { invalidFields, type FieldMessage } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import { FieldVisibility, type Principal } from '../security/principal.ts';
import { relatedValues, type TableOf } from './related.ts';

const NUMERIC = new Set(['smallint', 'integer', 'bigint', 'decimal']);
const DATES = new Set(['date']);

/** Why a computed value cannot be kept: its message and the arguments between the field and the inputs. */
interface Unkept {
  id: MessageId;
  args: unknown[];
}

/** A computed value as its field keeps it, or why it cannot be kept. */
function kept(field: EffectiveField, value: unknown): { value: unknown } | Unkept {
  if (value === null || value === undefined) return { value: null };
  if (NUMERIC.has(field.type)) {
    const n = typeof value === 'number' ? value : Number(value);
    if (typeof value === 'boolean' || !Number.isFinite(n) || (field.type !== 'decimal' && !Number.isInteger(n)))
      return { id: 'validation.expression_number', args: [String(value)] };
    if (!digitsFit(n, integerDigits(field), decimalDigits(field)))
      return { id: 'validation.expression_digits', args: [n, integerDigits(field), decimalDigits(field)] };
    return { value: n };
  }
  if (DATES.has(field.type))
    return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? { value }
      : { id: 'validation.expression_date', args: [String(value)] };
  if (field.type === 'bool') return { value: Boolean(value) };
  return { value: typeof value === 'object' ? JSON.stringify(value) : String(value) };
}

const PROBLEMS: Record<ExpressionProblem, MessageId> = {
  division: 'validation.expression_division',
  number: 'validation.expression_number',
  date: 'validation.expression_date',
  definition: 'validation.expression',
};

/** The inputs of an expression a message may name: the record's own fields the principal may see, with their values. */
function inputs(
  field: EffectiveField,
  record: Record<string, unknown>,
  model: TableModel,
  principal?: Principal,
): string {
  const access = principal?.fieldAccess(model.table);
  return [...new Set(ruleFields(field.compute!.expression))]
    .filter((n) => !access || access.get(n.toLowerCase()) !== FieldVisibility.Hidden)
    .map((n) => (n.includes('.') ? n : `${n} = ${record[model.byName.get(n.toLowerCase())?.name ?? n] ?? '—'}`))
    .join(', ');
}

/**
 * The computed fields' values (all, or `only` those, in their order) for the record as a write
 * leaves it (`merged`), in the order they read each other; `merged` takes them as they are computed. Referenced rows are read as they
 * are: a value hidden from the principal is hidden with its field (see derivations).
 */
export async function computeValues(
  db: Queryable,
  model: TableModel,
  merged: Record<string, unknown>,
  tableOf: TableOf,
  principal?: Principal,
  only: readonly EffectiveField[] = model.computed,
): Promise<Map<EffectiveField, unknown>> {
  const out = new Map<EffectiveField, unknown>();
  if (!only.length) return out;
  const related = await relatedValues(
    db,
    model,
    merged,
    only.map((f) => f.compute!.expression),
    tableOf,
  );
  const problems: Record<string, FieldMessage[]> = {};
  for (const field of only) {
    let result: { value: unknown } | Unkept;
    try {
      result = kept(field, ruleValue(field.compute!.expression, merged, {}, related));
    } catch (err) {
      if (!(err instanceof ExpressionError)) throw err;
      result = { id: PROBLEMS[err.problem], args: err.problem === 'division' ? [] : [err.value] };
    }
    if (!('value' in result)) {
      problems[field.name] = [
        { id: result.id, args: [labelled(field), ...result.args, inputs(field, merged, model, principal)] },
      ];
      merged[field.name] = null;
      continue;
    }
    merged[field.name] = result.value;
    out.set(field, result.value);
  }
  if (Object.keys(problems).length) throw invalidFields(problems);
  return out;
}

const afterTotals = new WeakMap<TableModel, EffectiveField[]>();
/**
 * The computed fields that read the record's totals, directly or through other computed fields,
 * in their order: what a change of the totals alone computes again (an order's total, not its
 * earliest deliver date).
 */
export function computedAfterTotals(model: TableModel): EffectiveField[] {
  const known = afterTotals.get(model);
  if (known) return known;
  const moved = new Set(model.rollups.map((r) => r.field.name.toLowerCase()));
  // A suggested value (overridable) is the user's once given: totals do not change it.
  const found = model.computed.filter((f) => {
    if (f.compute?.overridable) return false;
    const reads = ruleFields(f.compute!.expression).some((n) => moved.has(n.toLowerCase()));
    if (reads) moved.add(f.name.toLowerCase());
    return reads;
  });
  afterTotals.set(model, found);
  return found;
}
