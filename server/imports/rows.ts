// One chunk of sheet rows made ready to write: each cell read in the import's notations, list
// codes resolved to the rows they name in one query per list column (only rows the user may
// see and choose), and the ID column read. A row that fails here is never written; its
// message says which column and which rule.
import { IMPORT, type ImportNotations } from '../../definitions/language/index.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import { seen } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import type { EffectiveTable } from '../../definitions/language/index.ts';
import type { Principal } from '../security/principal.ts';
import type { ColumnMap, ImportColumn } from './columns.ts';
import type { Problem } from './problems.ts';
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
  /** Every problem of a failed (or skipped) row, in the order they were found. */
  problems: Problem[];
  /** The problems as the output file says them (in the language of the user who started the import). */
  message: string | null;
}

/** A cell's problem on its column's field: the field named by its label (translated where it is read). */
const cellProblem = (col: ImportColumn, problem: { id: Problem['id']; args: readonly unknown[] }): Problem => ({
  id: problem.id,
  args: problem.args.map((a, i) => (i === 0 && a === (col.field.label ?? col.field.name) ? labelled(col.field) : a)),
  field: col.field.name,
});

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
  const failing = new Set<Prepared>();
  const fail = (p: Prepared, problem: Problem) => {
    failing.add(p);
    p.problems.push(problem);
  };
  const codes = new Map<number, Set<string>>();
  for (const [rowNo, cells] of rows) {
    const p: Prepared = {
      rowNo,
      cells,
      record: {},
      id: null,
      result: IMPORT.RowResult.Pending,
      problems: [],
      message: null,
    };
    prepared.push(p);
    if (ctx.columns.id !== null) {
      const raw = cells[ctx.columns.id] ?? null;
      if (raw !== null && raw !== '') {
        const n =
          typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
        if (Number.isSafeInteger(n) && n > 0) p.id = n;
        else fail(p, { id: 'import.id_invalid', args: [codeText(raw) ?? ''], field: null });
      }
    }
    for (const col of ctx.columns.columns) {
      const cell = cells[col.index] ?? null;
      if (col.list) {
        // A cell that cannot be used (an error value, a formula without its value) fails its row, never reads as empty.
        if (cell !== null && typeof cell === 'object' && !(cell instanceof Date)) {
          const read = readCell(col.field, cell, ctx.notations);
          if ('problem' in read) fail(p, cellProblem(col, read.problem));
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
      if ('problem' in read) fail(p, cellProblem(col, read.problem));
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
      const field = labelled(col.field);
      if (id === undefined) fail(p, { id: 'import.list_code', args: [field, code], field: col.field.name });
      else if (id === 0) fail(p, { id: 'import.list_ambiguous', args: [field, code], field: col.field.name });
      else p.record![col.field.name] = id;
    }
  }
  for (const p of failing) {
    p.record = null;
    p.result = failedResult(p.id);
  }
  return prepared;
}
