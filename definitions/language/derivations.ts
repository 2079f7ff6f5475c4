// Values a field takes from other fields (`defaultFrom`, computed fields, totals over child rows): which fields each derived value is read from, followed through every step and through
// fields that are derived themselves. A principal who may not see one of those fields may not see
// the value either: the field is hidden from them too (`whenSourceHidden: "hide"`), or it is not
// derived for them and they give it themselves ("skip"). Pure: the access layer applies it.
import type { Effective, EffectiveTable } from './layering.ts';
import type { FieldDef } from './types.ts';
import { ruleFields } from './rules.ts';

export type WhenSourceHidden = 'hide' | 'skip';

export interface Derivation {
  /** The derived field, by lower-case name. */
  field: string;
  /** Every field the value is read from, by table and lower-case name, transitively. */
  sources: { table: EffectiveTable; field: string }[];
  whenSourceHidden: WhenSourceHidden;
}

/**
 * What a field's value is derived from: paths of fields (`Product.Price`, `Price`) and fields of
 * child rows (`orderlines[].SubtotalExclVat`, for a total over them).
 */
export function derivationPaths(field: FieldDef): string[] {
  const rollup = field.rollup;
  return [
    ...new Set([
      ...(field.defaultFrom ? [field.defaultFrom] : []),
      ...(field.compute ? ruleFields(field.compute.expression) : []),
      ...(rollup
        ? [rollup.field ?? 'AutoID', ...(rollup.where ? ruleFields(rollup.where) : [])].map(
            (f) => `${rollup.table}[].${f}`,
          )
        : []),
    ]),
  ];
}

/** `table[].Field`: a field of the rows of another table (a total over child rows). */
const CHILD_ROWS = /^([A-Za-z][A-Za-z0-9_]*)\[\]\.([A-Za-z][A-Za-z0-9_]*)$/;

const key = (name: string) => name.toLowerCase();

/**
 * The fields a path reads from `table`: each list field it steps through and the field it ends
 * on (`Product.Price` reads orderlines.Product and products.Price). Undefined when a step is not
 * a list field (the definitions check reports it).
 */
export function pathFields(
  eff: Effective,
  table: EffectiveTable,
  path: string,
): { table: EffectiveTable; field: string }[] | undefined {
  const rows = CHILD_ROWS.exec(path);
  if (rows) {
    const child = eff.tables.get(key(rows[1]));
    return child && (rows[2] === 'AutoID' || child.fields.some((f) => key(f.name) === key(rows[2])))
      ? [{ table: child, field: key(rows[2]) }]
      : undefined;
  }
  const out: { table: EffectiveTable; field: string }[] = [];
  let at: EffectiveTable | undefined = table;
  const steps = path.split('.');
  for (const [i, step] of steps.entries()) {
    if (!at) return undefined;
    out.push({ table: at, field: key(step) });
    if (i === steps.length - 1)
      return at.fields.some((f) => key(f.name) === key(step)) || step === 'AutoID' ? out : undefined;
    const field: FieldDef | undefined = at.fields.find((f) => key(f.name) === key(step));
    const list: { table: string } | undefined =
      field?.type === 'list' && field.list ? eff.lists.get(key(field.list))?.value : undefined;
    at = list ? eff.tables.get(key(list.table)) : undefined;
  }
  return out;
}

/** Each table learns its derived fields and every field their values come from. */
export function deriveDerivations(eff: Effective): void {
  const direct = new Map<string, { table: EffectiveTable; field: string }[]>();
  const id = (table: EffectiveTable, field: string) => `${table.sqlName}.${field}`;
  for (const table of eff.tables.values()) {
    for (const field of table.fields) {
      const sources = derivationPaths(field).flatMap((p) => pathFields(eff, table, p) ?? []);
      if (sources.length) direct.set(id(table, key(field.name)), sources);
    }
  }
  // The closure: a source that is derived itself brings its own sources (cycles end at a field seen).
  const closure = (start: string) => {
    const seen = new Map<string, { table: EffectiveTable; field: string }>();
    const stack = [...(direct.get(start) ?? [])];
    while (stack.length) {
      const s = stack.pop()!;
      const k = id(s.table, s.field);
      if (seen.has(k) || k === start) continue;
      seen.set(k, s);
      stack.push(...(direct.get(k) ?? []));
    }
    return [...seen.values()];
  };
  for (const table of eff.tables.values()) {
    const derivations = table.fields
      .filter((f) => direct.has(id(table, key(f.name))))
      .map((f): Derivation => ({
        field: key(f.name),
        sources: closure(id(table, key(f.name))),
        whenSourceHidden: f.whenSourceHidden ?? 'hide',
      }));
    if (derivations.length) table.derivations = derivations;
  }
}
