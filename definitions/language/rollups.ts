// Totals over child rows: which list field of the child names the parent, and which filters the
// database can apply while it adds up (a filter becomes part of the one aggregate statement).
import type { Effective, EffectiveField, EffectiveTable } from './layering.ts';

/** The child's list field naming the parent: `via` when given, else its one list field to the parent. */
export function rollupLink(
  eff: Effective,
  parent: EffectiveTable,
  child: EffectiveTable,
  via?: string,
): EffectiveField | undefined {
  const naming = child.fields.filter((f) => {
    const list = f.type === 'list' && f.list ? eff.lists.get(f.list.toLowerCase())?.value : undefined;
    return list?.table.toLowerCase() === parent.name.toLowerCase();
  });
  if (via) return naming.find((f) => f.name.toLowerCase() === via.toLowerCase());
  return naming.length === 1 ? naming[0] : undefined;
}

/** The operators a total's filter may use: comparisons of a child's fields with literals, joined by and, or, not. */
export const WHERE_OPERATORS = [
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  'and',
  'or',
  '!',
  'in',
  'var',
  'today',
] as const;

/**
 * What in a filter the database cannot apply. With `hop` (a total's filter) a `var` may also read a
 * field of the row one of the rows' list fields names (`Invoice.Status`); the names are checked apart.
 */
export function whereSqlProblems(where: unknown, outer?: '$record', hop = false): string[] {
  if (where === null || typeof where !== 'object') return [];
  if (Array.isArray(where)) return where.flatMap((w) => whereSqlProblems(w, outer, hop));
  return Object.entries(where as Record<string, unknown>).flatMap(([op, args]) => {
    if (!(WHERE_OPERATORS as readonly string[]).includes(op))
      return [`a filter may use ${WHERE_OPERATORS.join(', ')}; not '${op}'`];
    if (op === 'var') {
      // A pick's filter also reads the record's own fields (`$record.BookDate`), bound as values.
      const own =
        outer && typeof args === 'string' && args.startsWith(`${outer}.`) ? args.slice(outer.length + 1) : args;
      const steps = typeof own === 'string' ? own.split('.').length : 0;
      return steps === 1 || (hop && steps === 2)
        ? []
        : [
            hop
              ? 'a filter reads fields of its rows, or of a row they reference (one step), by name'
              : 'a filter reads fields of its rows by name',
          ];
    }
    return whereSqlProblems(args, outer, hop);
  });
}

/** The paths of a total's filter through a list field of the child (`Invoice.Status`), split at the step. */
export function filterHops(where: unknown): { via: string; field: string }[] {
  const out: { via: string; field: string }[] = [];
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) return x.forEach(walk);
    for (const [op, args] of Object.entries(x)) {
      const name = op === 'var' ? (Array.isArray(args) ? args[0] : args) : undefined;
      if (typeof name === 'string' && name.includes('.') && !name.startsWith('$')) {
        const [via, field] = name.split('.');
        out.push({ via, field });
      } else if (op !== 'var') walk(args);
    }
  };
  walk(where);
  return out;
}
