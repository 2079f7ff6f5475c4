// One chunk of sheet rows made ready to write: each cell read in the import's notations, list
// codes resolved to the rows they name in one query per list column (only rows the user may
// see and choose), and the ID column read. A row that fails here is never written; its
// message says which column and which rule.
import { IMPORT, message, type EffectiveField, type ImportNotations } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { seen } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import type { FieldMessage } from '../errors.ts';
import type { EffectiveTable } from '../../definitions/language/index.ts';
import type { Principal } from '../security/principal.ts';
import type { ColumnMap } from './columns.ts';
import { readCell } from './notations.ts';
import type { Cell, SheetRow } from './sheet.ts';

export type RowResult = (typeof IMPORT.RowResult)[keyof typeof IMPORT.RowResult];

export interface Prepared {
  rowNo: number;
  cells: Cell[];
  /** The values by field name; null once the row has failed. */
  record: Record<string, unknown> | null;
  id: number | null;
  result: RowResult;
  message: string | null;
}

/** A field's messages as one line, the field named by its label. */
export function describeProblems(
  fields: Record<string, readonly FieldMessage[]>,
  label: (name: string) => string,
): string {
  return Object.entries(fields)
    .flatMap(([name, messages]) =>
      messages.map((m) => {
        const args = m.args.map((a) => (a === name ? label(name) : a));
        return message(m.id, ...args);
      }),
    )
    .join(' ');
}

const codeText = (cell: Cell): string | null => {
  if (cell === null || cell === '') return null;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'object') return null;
  return String(cell).trim() || null;
};

/** Codes of a list column to the AutoIDs of the rows they name; 0 when more than one row has the code. */
async function resolveCodes(
  db: Queryable,
  ref: EffectiveTable,
  key: string,
  archivable: boolean,
  codes: string[],
  principal: Principal,
): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const params = new Params();
  const where = [`j.${ident(key.toLowerCase())}::text = ANY(${params.add(codes)}::text[])`];
  // An archived row cannot be chosen in a form; neither can an import choose it.
  if (archivable) where.push('j.archive = false');
  const rows = seen(ref, principal, 'j', params);
  const found = (
    await db.query<{ autoid: number; code: string }>(
      `SELECT j.autoid, j.${ident(key.toLowerCase())}::text AS code ${rows.from(where)}`,
      params.values,
    )
  ).rows;
  const out = new Map<string, number>();
  for (const r of found) out.set(r.code, out.has(r.code) ? 0 : Number(r.autoid));
  return out;
}

export interface PrepareContext {
  columns: ColumnMap;
  notations: ImportNotations;
  overwrite: boolean;
  principal: Principal;
  tableOf(name: string): EffectiveTable | undefined;
}

export async function prepareRows(db: Queryable, rows: SheetRow[], ctx: PrepareContext): Promise<Prepared[]> {
  const failedResult = (id: number | null): RowResult =>
    id !== null && ctx.overwrite ? IMPORT.RowResult.OverwriteFailed : IMPORT.RowResult.CreateFailed;
  const prepared: Prepared[] = [];
  const problems = new Map<Prepared, string[]>();
  const fail = (p: Prepared, text: string) => {
    problems.set(p, [...(problems.get(p) ?? []), text]);
  };
  const codes = new Map<number, Set<string>>();
  for (const [rowNo, cells] of rows) {
    const p: Prepared = { rowNo, cells, record: {}, id: null, result: IMPORT.RowResult.Pending, message: null };
    prepared.push(p);
    if (ctx.columns.id !== null) {
      const raw = cells[ctx.columns.id] ?? null;
      if (raw !== null && raw !== '') {
        const n =
          typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
        if (Number.isSafeInteger(n) && n > 0) p.id = n;
        else fail(p, message('import.id_invalid', codeText(raw) ?? ''));
      }
    }
    for (const col of ctx.columns.columns) {
      const cell = cells[col.index] ?? null;
      if (col.list) {
        // A cell that cannot be used (an error value, a formula without its value) fails its row, never reads as empty.
        if (cell !== null && typeof cell === 'object' && !(cell instanceof Date)) {
          const read = readCell(col.field, cell, ctx.notations);
          if ('problem' in read) fail(p, message(read.problem.id, ...read.problem.args));
          continue;
        }
        const code = codeText(cell);
        if (code !== null) {
          const set = codes.get(col.index) ?? new Set();
          set.add(code);
          codes.set(col.index, set);
        }
        continue;
      }
      const read = readCell(col.field, cell, ctx.notations);
      if ('problem' in read) fail(p, message(read.problem.id, ...read.problem.args));
      else p.record![col.field.name] = read.value;
    }
  }
  for (const col of ctx.columns.columns) {
    if (!col.list) continue;
    const ref = ctx.tableOf(col.list.ref);
    const resolved = ref
      ? await resolveCodes(db, ref, col.list.key, col.list.archivable, [...(codes.get(col.index) ?? [])], ctx.principal)
      : new Map<string, number>();
    for (const p of prepared) {
      const code = codeText(p.cells[col.index] ?? null);
      if (code === null) {
        p.record![col.field.name] = null;
        continue;
      }
      const id = resolved.get(code);
      const label = col.field.label ?? col.field.name;
      if (id === undefined) fail(p, message('import.list_code', label, code));
      else if (id === 0) fail(p, message('import.list_ambiguous', label, code));
      else p.record![col.field.name] = id;
    }
  }
  for (const [p, texts] of problems) {
    p.record = null;
    p.result = failedResult(p.id);
    p.message = texts.join(' ');
  }
  return prepared;
}

export const labelOf = (fields: readonly EffectiveField[]) => {
  const byName = new Map(fields.map((f) => [f.name, f.label ?? f.name]));
  return (name: string) => byName.get(name) ?? name;
};
