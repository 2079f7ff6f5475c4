// Checks of derived values when definitions load: a computed field's expression names fields that
// exist (its own record's, or of rows its list fields reference) and only allowed operators; a
// total names a child table, its link, a field fit for its operation and a filter over the child's
// fields; both are read-only; and no computed field depends on itself, through others or a total.
import type { Effective, EffectiveField, EffectiveTable } from './layering.ts';
import { rollupLink, whereSqlProblems } from './rollups.ts';
import { ruleFields, ruleProblems } from './rules.ts';
import { settingsName, settingsNameProblem } from './settings-rules.ts';

type Report = (pointer: string, rule: string, message: string) => void;

const NUMERIC = new Set(['smallint', 'integer', 'bigint', 'decimal']);
const ORDERED = new Set([...NUMERIC, 'date', 'datetime', 'datetime-seconds', 'time']);

export function checkDerived(
  eff: Effective,
  table: EffectiveTable,
  report: Report,
  related: (path: string) => boolean,
): void {
  const own = new Set(table.fields.map((f) => f.name).concat(['AutoID', 'CreateDate']));
  for (const field of table.fields) {
    const at = `/fields/${field.name}`;
    if (field.compute && field.rollup)
      report(at, 'derived-kind', `${table.name}.${field.name} is either computed or a total, not both`);
    if ((field.rollup || (field.compute && !field.compute.overridable)) && field.enabled !== false)
      report(
        `${at}/enabled`,
        'derived-read-only',
        `${table.name}.${field.name} is derived: it must be read-only ("enabled": false), as no input may set it`,
      );
    if (field.compute) {
      // A computed value may read a setting (`$settings.workingticketsettings.HourRounding`): taken
      // when the record is written, as a referenced row's value is.
      const reads = (path: string) => (settingsName(path) ? !settingsNameProblem(eff, path) : related(path));
      for (const p of ruleProblems(field.compute.expression, own, '', reads))
        report(`${at}/compute/expression${p.pointer}`, 'rule', `${table.name}.${field.name}: ${p.message}`);
    }
    if (field.pick) checkPick(eff, table, field, at, report);
    const r = field.rollup;
    if (!r) continue;
    const child = eff.tables.get(r.table.toLowerCase());
    if (!child) {
      report(
        `${at}/rollup/table`,
        'table-reference',
        `${table.name}.${field.name}: rollup table ${r.table} is not defined`,
      );
      continue;
    }
    const link = rollupLink(eff, table, child, r.via);
    if (!link)
      report(
        `${at}/rollup/via`,
        'field-reference',
        `${table.name}.${field.name}: ${r.via ? `${r.via} is not a list field of ${child.name} naming ${table.name}` : `${child.name} needs exactly one list field naming ${table.name}, or say via`}`,
      );
    const source = r.field ? child.fields.find((f) => f.name.toLowerCase() === r.field!.toLowerCase()) : undefined;
    if (r.op === 'count' ? r.field !== undefined : !source)
      report(
        `${at}/rollup/field`,
        'field-reference',
        `${table.name}.${field.name}: ${r.op === 'count' ? 'count takes no field' : `${r.op} needs a field of ${child.name}`}`,
      );
    if (r.op === 'list' && (field.type !== 'text' || !field.maxLength))
      report(
        `${at}/rollup/op`,
        'field-type',
        `${table.name}.${field.name}: a list total is a text field with a maxLength`,
      );
    if (source && r.op !== 'list' && !(r.op === 'sum' ? NUMERIC : ORDERED).has(source.type))
      report(
        `${at}/rollup/field`,
        'field-type',
        `${table.name}.${field.name}: ${r.op} of ${child.name}.${source.name} (${source.type}) is not possible`,
      );
    if (r.where) {
      // The child's fields, and those of the rows its list fields reference (one step: `Invoice.Status`).
      const childFields = new Set(child.fields.map((f) => f.name).concat(['AutoID']));
      for (const f of child.fields) {
        const list = f.type === 'list' && f.list ? eff.lists.get(f.list.toLowerCase())?.value : undefined;
        const ref = list && eff.tables.get(list.table.toLowerCase());
        for (const name of ref ? [...ref.fields.map((g) => g.name), 'AutoID'] : [])
          childFields.add(`${f.name}.${name}`);
      }
      for (const p of ruleProblems(r.where, childFields))
        report(`${at}/rollup/where${p.pointer}`, 'rule', `${table.name}.${field.name}: ${p.message}`);
      for (const problem of whereSqlProblems(r.where, undefined, true))
        report(`${at}/rollup/where`, 'rule', `${table.name}.${field.name}: ${problem}`);
    }
  }
  reportCycles(table, report);
}

/** A picked list field: read-only, its rule a filter the database applies over its list's rows and the record's own fields. */
function checkPick(eff: Effective, table: EffectiveTable, field: EffectiveField, at: string, report: Report): void {
  const list = field.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
  const rows = list && eff.tables.get(list.table.toLowerCase());
  if (!rows) {
    report(`${at}/pick`, 'field-type', `${table.name}.${field.name}: only a list field can be picked`);
    return;
  }
  if (field.enabled !== false)
    report(`${at}/enabled`, 'derived-read-only', `${table.name}.${field.name} is picked: it must be read-only`);
  const names = new Set([
    ...rows.fields.map((f) => f.name),
    'AutoID',
    ...table.fields.map((f) => `$record.${f.name}`),
    '$record.AutoID',
  ]);
  for (const p of ruleProblems(field.pick!.where, names))
    report(`${at}/pick/where${p.pointer}`, 'rule', `${table.name}.${field.name}: ${p.message}`);
  for (const problem of whereSqlProblems(field.pick!.where, '$record'))
    report(`${at}/pick/where`, 'rule', `${table.name}.${field.name}: ${problem}`);
  const order = field.pick!.order?.split(' ')[0];
  if (order && !rows.fields.some((f) => f.name.toLowerCase() === order.toLowerCase()))
    report(
      `${at}/pick/order`,
      'field-reference',
      `${table.name}.${field.name}: ${order} is not a field of ${rows.name}`,
    );
}

/** A computed field that reads itself, through other computed fields of the record: named with its cycle. */
function reportCycles(table: EffectiveTable, report: Report): void {
  const computed = new Map(table.fields.filter((f) => f.compute).map((f) => [f.name.toLowerCase(), f]));
  const reads = (name: string) =>
    ruleFields(computed.get(name)!.compute!.expression)
      .filter((n) => !n.includes('.'))
      .map((n) => n.toLowerCase())
      .filter((n) => computed.has(n));
  const done = new Set<string>();
  const visit = (name: string, path: string[]): void => {
    if (path.includes(name)) {
      const cycle = [...path.slice(path.indexOf(name)), name].map((n) => computed.get(n)!.name);
      report(
        `/fields/${cycle[0]}/compute/expression`,
        'derived-cycle',
        `computed fields of ${table.name} depend on themselves: ${cycle.join(' -> ')}`,
      );
      return;
    }
    if (done.has(name)) return;
    for (const next of reads(name)) visit(next, [...path, name]);
    done.add(name);
  };
  for (const name of computed.keys()) visit(name, []);
}

/** The order computed fields are evaluated in: every field after those it reads. */
export function computeOrder<F extends { name: string; compute?: { expression: unknown } }>(fields: readonly F[]): F[] {
  const computed = new Map(fields.filter((f) => f.compute).map((f) => [f.name.toLowerCase(), f]));
  const ordered: F[] = [];
  const placed = new Set<string>();
  const place = (name: string, seen: Set<string>) => {
    if (placed.has(name) || seen.has(name)) return;
    seen.add(name);
    for (const n of ruleFields(computed.get(name)!.compute!.expression))
      if (computed.has(n.toLowerCase())) place(n.toLowerCase(), seen);
    placed.add(name);
    ordered.push(computed.get(name)!);
  };
  for (const name of computed.keys()) place(name, new Set());
  return ordered;
}
