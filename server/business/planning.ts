// The planning board's data: the bars, rows and unplanned records of every table a definition marks
// plannable (`planning`), read through the access layer like any grid — the principal's right to
// read the table, their row limits, their hidden fields. A field hidden from them is not on the
// board: without start, end or resource the table is left out; a hidden label, colour or flag is
// answered empty. Moving a bar is a normal save of its record (mvc/{table}/save), not a call here.
import type { EffectiveField, EffectiveTable, PlanningDef, Translate } from '../../definitions/language/index.ts';
import type { Queryable } from '../db/pool.ts';
import { ident, likePattern } from '../db/sql.ts';
import { badRequest } from '../errors.ts';
import { isHidden, searchColumns } from '../data/access.ts';
import { Params } from '../data/filters.ts';
import { ruleSql } from '../data/rule-sql.ts';
import { limited, listText, seen } from '../data/table-sql.ts';
import { outputValue } from '../data/values.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';

/** The most bars one call answers (a month of 200 persons with 20,000 items fits); past it `Truncated`. */
export const MAX_BARS = 25_000;
/** The most unplanned records one call answers, newest first (a search finds the others). */
export const MAX_UNPLANNED = 200;
/** The most rows (persons, teams, objects) one call answers. */
export const MAX_ROWS = 2_000;
/** The longest period one call reads: six weeks. */
export const MAX_DAYS = 42;

export interface BoardRequest {
  From: string;
  Till: string;
  Tables?: string[];
  Team?: number | null;
  Resources?: number[];
  Search?: string;
}

interface BoardTable {
  Table: string;
  Label: string;
  Start: string;
  End: string;
  Resource: string;
  ResourceTable: string;
  Team: string | null;
  Flags: { Field: string; Label: string }[];
  Update: boolean;
}

interface Bar {
  Table: string;
  AutoID: number;
  TimeStamp: number;
  Start: string;
  End: string | null;
  Resource: number;
  Team: number | null;
  Label: string;
  Color: string | null;
  Flags: string[];
}

interface Unplanned {
  Table: string;
  AutoID: number;
  TimeStamp: number;
  Label: string;
  Start: string | null;
  End: string | null;
  Resource: number | null;
  Team: number | null;
}

export interface BoardAnswer {
  Tables: BoardTable[];
  Rows: { Table: string; AutoID: number; Descr: string; Team: number | null }[];
  Bars: Bar[];
  Unplanned: Unplanned[];
  Truncated: boolean;
}

interface Plannable {
  model: TableModel;
  def: PlanningDef;
  field: (name: string | undefined) => EffectiveField | undefined;
  ref: (name: string) => TableModel | undefined;
}

/** The plannable tables the principal may read, with every field the board needs visible to them. */
export function plannableTables(snapshot: Snapshot, principal: Principal, names?: string[]): Plannable[] {
  const wanted = names?.map((n) => n.toLowerCase());
  const out: Plannable[] = [];
  for (const table of snapshot.effective.tables.values()) {
    const def = table.planning;
    if (!def || (wanted && !wanted.includes(table.name.toLowerCase()))) continue;
    const model = snapshot.table(table.name);
    if (!model || !principal.can(table.right, 'read')) continue;
    const field = (name: string | undefined) => {
      const f = name ? model.byName.get(name.toLowerCase()) : undefined;
      return f && !isHidden(table, principal, f.name) ? f : undefined;
    };
    const ref = (name: string) => {
      const f = model.byName.get(name.toLowerCase());
      const list = f?.list ? snapshot.list(f.list) : undefined;
      return list ? snapshot.table(list.table) : undefined;
    };
    if (!field(def.start) || !field(def.end) || !field(def.resource)) continue;
    out.push({ model, def, field, ref });
  }
  if (wanted && !out.length) throw badRequest('request.planning_tables');
  return out;
}

/** A field's value as text in SQL: a list field's text, another field's value. */
function textSql(p: Plannable, name: string, principal: Principal, params: Params): string {
  const f = p.field(name);
  if (!f) return 'NULL';
  const join = p.model.listJoins.find((j) => j.field === f);
  return join ? `${listText(join, principal, params)}::text` : `t.${ident(f.sqlName)}::text`;
}

/** The bar's colour: a colour field of the record, or of the row a list field names, as the principal sees it. */
function colorSql(p: Plannable, principal: Principal, params: Params): string {
  const path = p.def.color;
  if (!path) return 'NULL';
  const [first, second] = path.split('.');
  if (!second) {
    const f = p.field(first);
    return f ? `t.${ident(f.sqlName)}` : 'NULL';
  }
  const via = p.field(first);
  const ref = p.ref(first);
  const color = ref?.byName.get(second.toLowerCase());
  if (!via || !ref || !color || isHidden(ref.table, principal, color.name)) return 'NULL';
  const rows = seen(ref.table, principal, 'pc', params);
  return `(SELECT pc.${ident(color.sqlName)} ${rows.from([`pc.autoid = t.${ident(via.sqlName)}`])})`;
}

const resourceTable = (p: Plannable): EffectiveTable | undefined => p.ref(p.def.resource)?.table;

export async function planningBoard(
  db: Queryable,
  snapshot: Snapshot,
  principal: Principal,
  body: BoardRequest,
  t: Translate,
): Promise<BoardAnswer> {
  const from = body.From.slice(0, 16);
  const till = body.Till.slice(0, 16);
  const days = (Date.parse(`${till}Z`) - Date.parse(`${from}Z`)) / 86_400_000;
  if (!(days > 0) || days > MAX_DAYS) throw badRequest('request.planning_period', MAX_DAYS);
  const tables = plannableTables(snapshot, principal, body.Tables);
  const answer: BoardAnswer = { Tables: [], Rows: [], Bars: [], Unplanned: [], Truncated: false };
  for (const p of tables) {
    const start = p.field(p.def.start)!;
    const end = p.field(p.def.end)!;
    const resource = p.field(p.def.resource)!;
    const team = p.field(p.def.team);
    const flags = (p.def.flags ?? []).map((n) => p.field(n)).filter((f): f is EffectiveField => !!f);
    answer.Tables.push({
      Table: p.model.table.name,
      Label: t(p.model.table.label ?? p.model.table.name),
      Start: start.name,
      End: end.name,
      Resource: resource.name,
      ResourceTable: resourceTable(p)?.name ?? '',
      Team: team?.name ?? null,
      Flags: flags.map((f) => ({ Field: f.name, Label: t(f.label ?? f.name) })),
      Update: principal.can(p.model.table.right, 'update'),
    });
    const col = (f: EffectiveField) => `t.${ident(f.sqlName)}`;
    const params = new Params();
    const where = [
      `${col(start)} < ${params.add(till)}::timestamp`,
      `coalesce(${col(end)}, ${col(start)}) >= ${params.add(from)}::timestamp`,
      `${col(resource)} IS NOT NULL`,
    ];
    if (body.Team && team) where.push(`${col(team)} = ${params.add(body.Team)}`);
    if (body.Resources?.length) where.push(`${col(resource)} = ANY(${params.add(body.Resources)}::bigint[])`);
    const unplanned = p.def.unplannedWhen
      ? ruleSql(p.def.unplannedWhen, { fields: p.model.table.fields, alias: 't' }, params)
      : null;
    if (unplanned) where.push(`NOT coalesce(${unplanned}, false)`);
    if (p.model.table.archivable) where.push('t.archive = false');
    const limit = MAX_BARS - answer.Bars.length;
    const select = [
      't.autoid',
      't.timestamp',
      `${col(start)} AS start`,
      `${col(end)} AS "end"`,
      `${col(resource)} AS resource`,
      `${team ? col(team) : 'NULL'} AS team`,
      `${textSql(p, p.def.text, principal, params)} AS label`,
      `${colorSql(p, principal, params)} AS color`,
      ...flags.map((f, i) => `${col(f)} AS f${i}`),
    ];
    const bars = await db.query<Record<string, unknown>>(
      `SELECT ${select.join(', ')} ${limited(p.model, principal, 't', params).from(where)} ORDER BY ${col(resource)}, ${col(start)}, t.autoid LIMIT ${limit + 1}`,
      params.values,
    );
    if (bars.rows.length > limit) answer.Truncated = true;
    for (const r of bars.rows.slice(0, limit))
      answer.Bars.push({
        Table: p.model.table.name,
        AutoID: Number(r.autoid),
        TimeStamp: Number(r.timestamp),
        Start: outputValue(start, r.start) as string,
        End: outputValue(end, r.end) as string | null,
        Resource: Number(r.resource),
        Team: r.team === null ? null : Number(r.team),
        Label: (r.label as string | null) ?? '',
        Color: (r.color as string | null) ?? null,
        Flags: flags.filter((_, i) => r[`f${i}`] === true).map((f) => f.name),
      });
    answer.Unplanned.push(...(await unplannedOf(db, p, principal, body)));
  }
  answer.Rows = await rowsOf(db, snapshot, tables, principal, body, answer.Bars);
  return answer;
}

/** Records without a start or a resource (or for which unplannedWhen holds), newest first, found by the table's search fields. */
async function unplannedOf(
  db: Queryable,
  p: Plannable,
  principal: Principal,
  body: BoardRequest,
): Promise<Unplanned[]> {
  const rule = p.def.unplannedWhen;
  const start = p.field(p.def.start)!;
  const end = p.field(p.def.end)!;
  const resource = p.field(p.def.resource)!;
  const team = p.field(p.def.team);
  const col = (f: EffectiveField) => `t.${ident(f.sqlName)}`;
  const params = new Params();
  const when = rule ? ruleSql(rule, { fields: p.model.table.fields, alias: 't' }, params) : null;
  const where = [`(${col(start)} IS NULL OR ${col(resource)} IS NULL${when ? ` OR coalesce(${when}, false)` : ''})`];
  if (p.model.table.archivable) where.push('t.archive = false');
  if (body.Team && team) where.push(`(${col(team)} = ${params.add(body.Team)} OR ${col(team)} IS NULL)`);
  const words = (body.Search ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  const columns = searchColumns(p.model, principal);
  for (const word of words) {
    if (!columns.length) break;
    const like = params.add(likePattern(word));
    where.push(`(${columns.map((c) => `t.${ident(c)}::text ILIKE ${like}`).join(' OR ')})`);
  }
  const rows = await db.query<Record<string, unknown>>(
    `SELECT t.autoid, t.timestamp, ${col(start)} AS start, ${col(end)} AS "end", ${col(resource)} AS resource,
       ${team ? col(team) : 'NULL'} AS team, ${textSql(p, p.def.text, principal, params)} AS label
       ${limited(p.model, principal, 't', params).from(where)} ORDER BY t.autoid DESC LIMIT ${MAX_UNPLANNED}`,
    params.values,
  );
  return rows.rows.map((r) => ({
    Table: p.model.table.name,
    AutoID: Number(r.autoid),
    TimeStamp: Number(r.timestamp),
    Label: (r.label as string | null) ?? '',
    Start: outputValue(start, r.start) as string | null,
    End: outputValue(end, r.end) as string | null,
    Resource: r.resource === null ? null : Number(r.resource),
    Team: r.team === null ? null : Number(r.team),
  }));
}

/**
 * The board's rows: with a team, its members (the `members` rows naming the team, in their order);
 * without one, every row any team has as member; then the rows bars are on that are not yet among
 * them. Each row only if the principal may see it, by its display text.
 */
async function rowsOf(
  db: Queryable,
  snapshot: Snapshot,
  tables: Plannable[],
  principal: Principal,
  body: BoardRequest,
  bars: Bar[],
): Promise<BoardAnswer['Rows']> {
  const out: BoardAnswer['Rows'] = [];
  const have = new Set<string>();
  for (const p of tables) {
    const target = p.ref(p.def.resource);
    if (!target) continue;
    const text = textColumn(snapshot, p, target, principal);
    const key = (id: number) => `${target.table.name}:${id}`;
    const m = p.def.members;
    const members = m ? snapshot.table(m.table) : undefined;
    const memberField = (name: string | undefined) => {
      const f = name ? members?.byName.get(name.toLowerCase()) : undefined;
      return f && members && !isHidden(members.table, principal, f.name) ? f : undefined;
    };
    const mTeam = memberField(m?.team);
    const mResource = memberField(m?.resource);
    const mOrder = memberField(m?.order);
    if (members && mTeam && mResource && principal.can(members.table.right, 'read')) {
      const params = new Params();
      const join = seen(target.table, principal, 'r', params).leftJoin([`r.autoid = m.${ident(mResource.sqlName)}`]);
      const where = ['r.autoid IS NOT NULL'];
      if (body.Team) where.push(`m.${ident(mTeam.sqlName)} = ${params.add(body.Team)}`);
      else where.push(`m.${ident(mTeam.sqlName)} IS NOT NULL`);
      if (members.table.archivable) where.push('m.archive = false');
      const rows = await db.query<{ autoid: string; descr: string | null; team: string | null }>(
        `SELECT r.autoid, ${text ? `r.${ident(text)}::text` : 'NULL'} AS descr, min(m.${ident(mTeam.sqlName)}) AS team
           ${seen(members.table, principal, 'm', params).from(where, join)}
           GROUP BY r.autoid, 2 ORDER BY ${mOrder ? `min(m.${ident(mOrder.sqlName)}), ` : ''}2, r.autoid LIMIT ${MAX_ROWS}`,
        params.values,
      );
      for (const row of rows.rows) {
        if (have.has(key(Number(row.autoid)))) continue;
        have.add(key(Number(row.autoid)));
        out.push({
          Table: target.table.name,
          AutoID: Number(row.autoid),
          Descr: row.descr ?? '',
          Team: row.team === null ? null : Number(row.team),
        });
      }
    }
    const missing = [
      ...new Set(
        bars.filter((b) => b.Table === p.model.table.name && !have.has(key(b.Resource))).map((b) => b.Resource),
      ),
    ];
    if (!missing.length) continue;
    const params = new Params();
    const rows = await db.query<{ autoid: string; descr: string | null }>(
      `SELECT r.autoid, ${text ? `r.${ident(text)}::text` : 'NULL'} AS descr ${seen(target.table, principal, 'r', params).from([`r.autoid = ANY(${params.add(missing)}::bigint[])`])} ORDER BY 2, 1 LIMIT ${MAX_ROWS}`,
      params.values,
    );
    for (const row of rows.rows) {
      have.add(key(Number(row.autoid)));
      out.push({ Table: target.table.name, AutoID: Number(row.autoid), Descr: row.descr ?? '', Team: null });
    }
  }
  return out.slice(0, MAX_ROWS);
}

/** The column of the row table's display text (the list's text field), unless hidden from the principal. */
function textColumn(snapshot: Snapshot, p: Plannable, target: TableModel, principal: Principal): string | undefined {
  const f = p.model.byName.get(p.def.resource.toLowerCase());
  const list = f?.list ? snapshot.list(f.list) : undefined;
  const text = list ? target.byName.get(list.textField.toLowerCase()) : undefined;
  return text && !isHidden(target.table, principal, text.name) ? text.sqlName : undefined;
}
