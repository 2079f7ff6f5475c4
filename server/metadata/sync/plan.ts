// Comparing the desired shape with the actual one: the steps that bring the database in line,
// each marked safe or with the query that counts the rows it would lose.
import { ident } from '../../db/sql.ts';
import type { ActualTable } from './actual.ts';
import type { DesiredTable } from './desired.ts';

export type StepKind =
  'create-table' | 'add-column' | 'widen' | 'narrow' | 'retype' | 'drop-column' | 'add-index' | 'add-foreign-key';

export interface Step {
  kind: StepKind;
  table: string;
  column?: string;
  sql: string;
  /** SQL used instead of `sql` when forced: what does not fit is dropped. */
  forcedSql?: string;
  /** Counts the rows whose data the step would lose; absent for safe steps. */
  lossSql?: string;
  description: string;
}

// Digits the largest value of each integer type has.
const INT_DIGITS: Record<string, number> = { smallint: 5, integer: 10, bigint: 19 };
const INT_RANGE: Record<string, number> = { smallint: 32767, integer: 2147483647 };

interface ParsedType {
  base: string;
  length?: number;
  precision?: number;
  scale?: number;
}

function parse(type: string): ParsedType {
  let m = /^character varying\((\d+)\)$/.exec(type);
  if (m) return { base: 'varchar', length: Number(m[1]) };
  m = /^numeric\((\d+),(\d+)\)$/.exec(type);
  if (m) return { base: 'numeric', precision: Number(m[1]), scale: Number(m[2]) };
  return { base: type };
}

type Change = { kind: 'widen' | 'narrow' | 'retype'; loss?: string; forcedUsing?: string };

/** How a column changes from one type to another, and which rows a narrowing would lose. */
export function classify(from: string, to: string, col: string): Change {
  const a = parse(from);
  const b = parse(to);
  const c = ident(col);
  if (a.base === 'varchar' && b.base === 'varchar') {
    return b.length! >= a.length!
      ? { kind: 'widen' }
      : { kind: 'narrow', loss: `length(${c}) > ${b.length}`, forcedUsing: `left(${c}, ${b.length})` };
  }
  if (a.base === 'varchar' && b.base === 'text') return { kind: 'widen' };
  if (a.base === 'text' && b.base === 'varchar') {
    return { kind: 'narrow', loss: `length(${c}) > ${b.length}`, forcedUsing: `left(${c}, ${b.length})` };
  }
  if (a.base in INT_DIGITS && b.base in INT_DIGITS) {
    if (INT_DIGITS[b.base] >= INT_DIGITS[a.base]) return { kind: 'widen' };
    const range = INT_RANGE[b.base];
    return {
      kind: 'narrow',
      loss: `abs(${c}) > ${range}`,
      forcedUsing: `CASE WHEN abs(${c}) <= ${range} THEN ${c} END`,
    };
  }
  if (a.base in INT_DIGITS && b.base === 'numeric') {
    const intDigits = b.precision! - b.scale!;
    if (intDigits >= INT_DIGITS[a.base]) return { kind: 'widen' };
    const limit = `1e${intDigits}`;
    return {
      kind: 'narrow',
      loss: `abs(${c}) >= ${limit}`,
      forcedUsing: `CASE WHEN abs(${c}) < ${limit} THEN ${c} END`,
    };
  }
  if (a.base === 'numeric' && b.base === 'numeric') {
    const intA = a.precision! - a.scale!;
    const intB = b.precision! - b.scale!;
    if (intB >= intA && b.scale! >= a.scale!) return { kind: 'widen' };
    const limit = `1e${intB}`;
    return {
      kind: 'narrow',
      loss: `(abs(${c}) >= ${limit} OR ${c} <> round(${c}, ${b.scale}))`,
      forcedUsing: `CASE WHEN abs(round(${c}, ${b.scale})) < ${limit} THEN round(${c}, ${b.scale}) END`,
    };
  }
  if (a.base === 'numeric' && b.base in INT_DIGITS) {
    const range = INT_RANGE[b.base] ?? 9.2e18;
    return {
      kind: 'narrow',
      loss: `(${c} <> trunc(${c}) OR abs(${c}) > ${range})`,
      forcedUsing: `CASE WHEN ${c} = trunc(${c}) AND abs(${c}) <= ${range} THEN ${c} END`,
    };
  }
  if (a.base === 'date' && b.base === 'timestamp without time zone') return { kind: 'widen' };
  return { kind: 'retype', loss: `${c} IS NOT NULL`, forcedUsing: 'NULL' };
}

export function planTable(desired: DesiredTable, actual: ActualTable | undefined): Step[] {
  const t = ident(desired.name);
  const steps: Step[] = [];
  if (!actual) {
    const cols = desired.columns.map((c) => `  ${ident(c.name)} ${c.system ?? c.type}`).join(',\n');
    steps.push({
      kind: 'create-table',
      table: desired.name,
      sql: `CREATE TABLE ${t} (\n${cols}\n)`,
      description: `create table ${desired.name}`,
    });
  } else {
    for (const col of desired.columns) {
      const has = actual.columns.get(col.name);
      if (has === undefined) {
        steps.push({
          kind: 'add-column',
          table: desired.name,
          column: col.name,
          sql: `ALTER TABLE ${t} ADD COLUMN ${ident(col.name)} ${col.system ?? col.type}`,
          description: `add column ${desired.name}.${col.name} ${col.type}`,
        });
      } else if (has !== col.type) {
        const change = classify(has, col.type, col.name);
        const alter = (using?: string) =>
          `ALTER TABLE ${t} ALTER COLUMN ${ident(col.name)} TYPE ${col.type}${using ? ` USING ${using}` : ''}`;
        steps.push({
          kind: change.kind,
          table: desired.name,
          column: col.name,
          sql: alter(change.kind === 'widen' ? undefined : `${ident(col.name)}::${col.type}`),
          forcedSql: change.forcedUsing ? alter(change.forcedUsing) : undefined,
          lossSql: change.loss ? `SELECT count(*)::int AS n FROM ${t} WHERE ${change.loss}` : undefined,
          description: `${change.kind} column ${desired.name}.${col.name} from ${has} to ${col.type}`,
        });
      }
    }
    const wanted = new Set(desired.columns.map((c) => c.name));
    for (const name of actual.columns.keys()) {
      if (wanted.has(name)) continue;
      steps.push({
        kind: 'drop-column',
        table: desired.name,
        column: name,
        sql: `ALTER TABLE ${t} DROP COLUMN ${ident(name)}`,
        lossSql: `SELECT count(*)::int AS n FROM ${t} WHERE ${ident(name)} IS NOT NULL`,
        description: `drop column ${desired.name}.${name}, which no definition has any more`,
      });
    }
  }
  for (const fk of desired.foreignKeys) {
    if (actual?.foreignKeys.has(fk.name)) continue;
    steps.push({
      kind: 'add-foreign-key',
      table: desired.name,
      column: fk.column,
      sql: `ALTER TABLE ${t} ADD CONSTRAINT ${ident(fk.name)} FOREIGN KEY (${ident(fk.column)}) REFERENCES ${ident(fk.refTable)} (autoid)`,
      description: `add foreign key ${desired.name}.${fk.column} -> ${fk.refTable}`,
    });
  }
  for (const index of desired.indexes) {
    if (actual?.indexes.has(index.name)) continue;
    const cols = index.trigram
      ? `USING gin (${ident(index.columns[0])} gin_trgm_ops)`
      : `(${index.columns.map(ident).join(', ')})`;
    steps.push({
      kind: 'add-index',
      table: desired.name,
      sql: `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${ident(index.name)} ON ${t} ${cols}`,
      description: `add ${index.unique ? 'unique ' : ''}${index.trigram ? 'trigram ' : ''}index ${index.name}`,
    });
  }
  return steps;
}

/** Tables first (in any order), then columns and types, then foreign keys, then indexes. */
export function orderSteps(steps: Step[]): Step[] {
  const rank: Record<StepKind, number> = {
    'create-table': 0,
    'add-column': 1,
    widen: 1,
    narrow: 1,
    retype: 1,
    'drop-column': 1,
    'add-foreign-key': 2,
    'add-index': 3,
  };
  return [...steps].sort((a, b) => rank[a.kind] - rank[b.kind]);
}
