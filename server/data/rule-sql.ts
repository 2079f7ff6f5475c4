// A filter rule of the definitions as SQL: comparisons, and, or, not, in and today over one table's
// columns (a total's child rows, the rows a pick chooses from), with literals and, for a pick,
// the record's own values bound as parameters. A total's filter may also read a field of the row
// a list field of the child names (`Invoice.Status`), one hop, as a subquery on that row's key.
// The definitions check allows no other operator.
import { ident } from '../db/sql.ts';
import type { EffectiveField, EffectiveTable } from '../../definitions/language/index.ts';
import type { Params } from './filters.ts';
import { today } from '../../definitions/language/clock.ts';
import { engineTable } from './table-sql.ts';

export interface RuleSqlScope {
  /** The table the rule's plain `var`s name, and the alias its columns are read under. */
  fields: readonly EffectiveField[];
  alias: string;
  /** A value a `var` with a `$` prefix names (`$record.BookDate`), bound as a parameter. */
  outer?: (name: string) => unknown;
  /** The table a list field of `fields` references, for a path of one hop (`Invoice.Status`). */
  refOf?: (field: EffectiveField) => EffectiveTable | undefined;
}

const named = (fields: readonly EffectiveField[], name: string) =>
  fields.find((f) => f.name.toLowerCase() === name.toLowerCase());

/** A column of the rows the rule filters, or of the row one of their list fields names. */
function columnSql(name: string, scope: RuleSqlScope): string {
  const dot = name.indexOf('.');
  if (dot < 0) {
    const field = named(scope.fields, name);
    return field ? `${scope.alias}.${ident(field.sqlName)}` : `${scope.alias}.autoid`;
  }
  const hop = named(scope.fields, name.slice(0, dot));
  const table = hop && scope.refOf?.(hop);
  // The definitions check admits a path only through a list field to a field of its table.
  if (!hop || !table) throw new Error(`a filter reads ${name}, which names no field of a referenced row`);
  const field = named(table.fields, name.slice(dot + 1));
  const column = field ? ident(field.sqlName) : 'autoid';
  const alias = ident(`${scope.alias}_${hop.sqlName}`);
  return `(SELECT ${alias}.${column} FROM ${engineTable(table)} ${alias} WHERE ${alias}.autoid = ${scope.alias}.${ident(hop.sqlName)})`;
}

export function ruleSql(where: unknown, scope: RuleSqlScope, params: Params): string {
  if (where === null || typeof where !== 'object') return params.add(where);
  const [op, raw] = Object.entries(where as Record<string, unknown>)[0];
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') {
    const name = String(args[0]);
    if (name.startsWith('$') && scope.outer) return params.add(scope.outer(name) ?? null);
    return columnSql(name, scope);
  }
  // Today as the installation's clock reads it (the rules' own `today`), bound as a value.
  if (op === 'today') return `${params.add(today(Number(args[0] ?? 0) || 0))}::date`;
  const sub = (x: unknown) => ruleSql(x, scope, params);
  switch (op) {
    case 'and':
    case 'or':
      return `(${args.map(sub).join(` ${op.toUpperCase()} `)})`;
    case '!': {
      // As the rules read it: a flag that is off, or any other field that is empty (no end date yet).
      const operand: unknown = args[0];
      const name =
        operand && typeof operand === 'object' && 'var' in operand && typeof operand.var === 'string'
          ? operand.var
          : undefined;
      const field = name && !name.includes('.') ? named(scope.fields, name) : undefined;
      if (field && field.type !== 'bool') {
        const col = sub(operand);
        return ['text', 'textarea', 'select'].includes(field.type)
          ? `(${col} IS NULL OR ${col}::text = '')`
          : `(${col} IS NULL)`;
      }
      return `(NOT coalesce(${sub(args[0])}::boolean, false))`;
    }
    case '==':
    case '===':
      return `(${sub(args[0])} IS NOT DISTINCT FROM ${sub(args[1])})`;
    case '!=':
    case '!==':
      return `(${sub(args[0])} IS DISTINCT FROM ${sub(args[1])})`;
    case 'in':
      return `(${sub(args[0])} = ANY(${params.add(Array.isArray(args[1]) ? args[1] : [args[1]])}))`;
    default:
      return `(${sub(args[0])} ${op} ${sub(args[1])})`;
  }
}
