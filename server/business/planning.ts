// The planning board's data: the bars, rows and unplanned records of every table a definition marks
// plannable (`planning`), read through the access layer like any grid — the principal's right to
// read the table, their row limits, their hidden fields. A field hidden from them is not on the
// board: without start, end or resource the table is left out; a hidden label, colour or flag is
// answered empty. Moving a bar is a normal save of its record (mvc/{table}/save), not a call here.
import type { EffectiveField, PlanningDef, PlanningMembers, Translate } from '../../definitions/language/index.ts';
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
  /** Only these records (a drop's or another planner's change): their bar or unplanned entry and their rows. */
  Items?: { Table: string; AutoID: number }[];
}

interface BoardTable {
  Table: string;
  Label: string;
  Start: string;
  End: string;
  Resource: string;
  ResourceTable: string;
  Team: string | null;
  /** The table the team field names: the board's team choice lists its rows. */
  TeamTable: string | null;
  /** The kinds of rows its records are planned on, the resource's first: the field that puts a record on a row of that table. */
  Rows: { Field: string; Table: string }[];
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
  /** The table of the bar's row (the first of the kinds' fields that is filled). */
  RowTable: string;
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

interface BoardRow {
  Table: string;
  AutoID: number;
  Descr: string;
  Team: number | null;
  /** The time zone of the row's team (the definition's `timeZone`), when it has one. */
  TimeZone: string | null;
}

/** A kind of row a plannable table's records are on: the field naming the row, its table, a team's rows of it. */
interface RowKind {
  field: EffectiveField;
  target: TableModel;
  members: PlanningMembers | undefined;
  /** The field names the team's table: the rows are the teams. */
  teams: boolean;
}

export interface BoardAnswer {
  Tables: BoardTable[];
  Rows: BoardRow[];
  Bars: Bar[];
  Unplanned: Unplanned[];
  Truncated: boolean;
}

interface Plannable {
  model: TableModel;
  def: PlanningDef;
  field: (name: string | undefined) => EffectiveField | undefined;
  ref: (name: string) => TableModel | undefined;
  /** The start, end and resource fields, visible to the principal (a table without them is no Plannable). */
  start: EffectiveField;
  end: EffectiveField;
  resource: EffectiveField;
  /** The team field, unless the table has none or it is hidden from the principal. */
  team: EffectiveField | undefined;
  /** The kinds of rows, the resource's first; a kind whose field is hidden from the principal is left out. */
  kinds: RowKind[];
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
    const [start, end, resource] = [field(def.start), field(def.end), field(def.resource)];
    const target = ref(def.resource);
    if (!start || !end || !resource || !target) continue;
    const team = field(def.team);
    const teamTable = team && ref(team.name)?.table.name;
    const kinds: RowKind[] = [
      { field: resource, target, members: def.members, teams: target.table.name === teamTable },
    ];
    for (const kind of def.rows ?? []) {
      const [f, to] = [field(kind.resource), ref(kind.resource)];
      if (f && to) kinds.push({ field: f, target: to, members: kind.members, teams: to.table.name === teamTable });
    }
    out.push({ model, def, field, ref, start, end, resource, team, kinds });
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

/** A datetime field's value as the API answers it: its text, or null. */
function timeText(field: EffectiveField, value: unknown): string | null {
  const v = outputValue(field, value);
  return v === null ? null : String(v);
}

/** The row a record is on, in SQL: the first of its kinds' fields that is filled. */
const rowSql = (p: Plannable) => `coalesce(${p.kinds.map((k) => `t.${ident(k.field.sqlName)}`).join(', ')})`;

/** Which kind of row a record is on, in SQL: the index of the first of its kinds' fields that is filled. */
const kindSql = (p: Plannable) =>
  `CASE ${p.kinds.map((k, i) => `WHEN t.${ident(k.field.sqlName)} IS NOT NULL THEN ${i}`).join(' ')} END`;

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
  const items = body.Items && itemIds(body.Items);
  const answer: BoardAnswer = { Tables: [], Rows: [], Bars: [], Unplanned: [], Truncated: false };
  for (const p of tables) {
    const { start, end, resource, team } = p;
    const flags = (p.def.flags ?? []).map((n) => p.field(n)).filter((f): f is EffectiveField => !!f);
    answer.Tables.push({
      Table: p.model.table.name,
      Label: t(p.model.table.label ?? p.model.table.name),
      Start: start.name,
      End: end.name,
      Resource: resource.name,
      ResourceTable: p.kinds[0].target.table.name,
      Team: team?.name ?? null,
      TeamTable: (team && p.model.listJoins.find((j) => j.field === team)?.ref.name) ?? null,
      Rows: p.kinds.map((k) => ({ Field: k.field.name, Table: k.target.table.name })),
      Flags: flags.map((f) => ({ Field: f.name, Label: t(f.label ?? f.name) })),
      Update: principal.can(p.model.table.right, 'update'),
    });
    const col = (f: EffectiveField) => `t.${ident(f.sqlName)}`;
    const params = new Params();
    const where = [
      `${col(start)} < ${params.add(till)}::timestamp`,
      `coalesce(${col(end)}, ${col(start)}) >= ${params.add(from)}::timestamp`,
      `${rowSql(p)} IS NOT NULL`,
    ];
    if (body.Team && team) where.push(`${col(team)} = ${params.add(body.Team)}`);
    if (body.Resources?.length) where.push(`${rowSql(p)} = ANY(${params.add(body.Resources)}::bigint[])`);
    const only = items?.get(p.model.table.name.toLowerCase());
    if (items && !only) continue;
    if (only) where.push(`t.autoid = ANY(${params.add(only)}::bigint[])`);
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
      `${rowSql(p)} AS resource`,
      `${kindSql(p)} AS kind`,
      `${team ? col(team) : 'NULL'} AS team`,
      `${textSql(p, p.def.text, principal, params)} AS label`,
      `${colorSql(p, principal, params)} AS color`,
      ...flags.map((f, i) => `${col(f)} AS f${i}`),
    ];
    const bars = await db.query<BarRow>(
      `SELECT ${select.join(', ')} ${limited(p.model, principal, 't', params).from(where)} ORDER BY ${rowSql(p)}, ${col(start)}, t.autoid LIMIT ${limit + 1}`,
      params.values,
    );
    if (bars.rows.length > limit) answer.Truncated = true;
    for (const r of bars.rows.slice(0, limit))
      answer.Bars.push({
        Table: p.model.table.name,
        AutoID: Number(r.autoid),
        TimeStamp: Number(r.timestamp),
        Start: timeText(start, r.start) ?? '',
        End: timeText(end, r.end),
        Resource: Number(r.resource),
        RowTable: (p.kinds[Number(r.kind)] ?? p.kinds[0]).target.table.name,
        Team: r.team === null ? null : Number(r.team),
        Label: r.label ?? '',
        Color: r.color,
        Flags: flags.filter((_, i) => r[`f${i}`] === true).map((f) => f.name),
      });
    answer.Unplanned.push(...(await unplannedOf(db, p, principal, body, only)));
  }
  answer.Rows = await rowsOf(db, snapshot, tables, principal, body, answer.Bars, !!items);
  return answer;
}

/** The records asked for by table (lower-case name): their AutoIDs. */
function itemIds(items: { Table: string; AutoID: number }[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const { Table, AutoID } of items)
    out.set(Table.toLowerCase(), [...(out.get(Table.toLowerCase()) ?? []), AutoID]);
  return out;
}

/** A row of the records without a start or a resource: its ids, times as read, its row, team and text. */
interface UnplannedRow {
  autoid: string;
  timestamp: string;
  start: unknown;
  end: unknown;
  resource: string | null;
  team: string | null;
  label: string | null;
}

/** A bar's row: an unplanned row's columns, its colour and its flags (`f0`, `f1`, …). */
interface BarRow extends UnplannedRow {
  kind: number;
  color: string | null;
  [flag: `f${number}`]: unknown;
}

/** Records without a start or a resource (or for which unplannedWhen holds), newest first, found by the table's search fields. */
async function unplannedOf(
  db: Queryable,
  p: Plannable,
  principal: Principal,
  body: BoardRequest,
  only: number[] | undefined,
): Promise<Unplanned[]> {
  const rule = p.def.unplannedWhen;
  const { start, end, resource, team } = p;
  const col = (f: EffectiveField) => `t.${ident(f.sqlName)}`;
  const params = new Params();
  const when = rule ? ruleSql(rule, { fields: p.model.table.fields, alias: 't' }, params) : null;
  const where = [`(${col(start)} IS NULL OR ${rowSql(p)} IS NULL${when ? ` OR coalesce(${when}, false)` : ''})`];
  if (p.model.table.archivable) where.push('t.archive = false');
  if (only) where.push(`t.autoid = ANY(${params.add(only)}::bigint[])`);
  if (body.Team && team) where.push(`(${col(team)} = ${params.add(body.Team)} OR ${col(team)} IS NULL)`);
  const words = (body.Search ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  const columns = searchColumns(p.model, principal);
  for (const word of words) {
    if (!columns.length) break;
    const like = params.add(likePattern(word));
    where.push(`(${columns.map((c) => `t.${ident(c)}::text ILIKE ${like}`).join(' OR ')})`);
  }
  const rows = await db.query<UnplannedRow>(
    `SELECT t.autoid, t.timestamp, ${col(start)} AS start, ${col(end)} AS "end", ${col(resource)} AS resource,
       ${team ? col(team) : 'NULL'} AS team, ${textSql(p, p.def.text, principal, params)} AS label
       ${limited(p.model, principal, 't', params).from(where)} ORDER BY t.autoid DESC LIMIT ${MAX_UNPLANNED}`,
    params.values,
  );
  return rows.rows.map((r) => ({
    Table: p.model.table.name,
    AutoID: Number(r.autoid),
    TimeStamp: Number(r.timestamp),
    Label: r.label ?? '',
    Start: timeText(start, r.start),
    End: timeText(end, r.end),
    Resource: r.resource === null ? null : Number(r.resource),
    Team: r.team === null ? null : Number(r.team),
  }));
}

/**
 * The board's rows, per plannable table and kind of row (its resource's first, then its `rows`):
 * with a team, the team's rows of that kind (its members, its objects, in their order; the team
 * itself for a kind naming the team's table); without one, every team's; then the rows bars are on
 * that are not yet among them. Each row only if the principal may see it, by its display text.
 * With Items (`barsOnly`) only the rows the bars are on.
 */
async function rowsOf(
  db: Queryable,
  snapshot: Snapshot,
  tables: Plannable[],
  principal: Principal,
  body: BoardRequest,
  bars: Bar[],
  barsOnly: boolean,
): Promise<BoardRow[]> {
  const out: BoardRow[] = [];
  const have = new Set<string>();
  const add = (table: string, rows: { autoid: string; descr: string | null; team: string | null }[]) => {
    for (const row of rows) {
      const key = `${table}:${row.autoid}`;
      if (have.has(key)) continue;
      have.add(key);
      const team = row.team === null ? null : Number(row.team);
      out.push({ Table: table, AutoID: Number(row.autoid), Descr: row.descr ?? '', Team: team, TimeZone: null });
    }
  };
  for (const p of tables)
    for (const kind of p.kinds) {
      const { target } = kind;
      const name = target.table.name;
      const text = textColumn(snapshot, kind.field, target, principal);
      const descr = text ? `r.${ident(text)}::text` : 'NULL';
      if (!barsOnly && kind.members)
        add(name, await memberRows(db, snapshot, kind.members, target, descr, principal, body));
      else if (!barsOnly && kind.teams) {
        const params = new Params();
        const where = [
          ...(body.Team ? [`r.autoid = ${params.add(body.Team)}`] : []),
          ...(target.table.archivable ? ['r.archive = false'] : []),
        ];
        const rows = await db.query<{ autoid: string; descr: string | null; team: string }>(
          `SELECT r.autoid, ${descr} AS descr, r.autoid AS team ${seen(target.table, principal, 'r', params).from(where)} ORDER BY 2, 1 LIMIT ${MAX_ROWS}`,
          params.values,
        );
        add(name, rows.rows);
      }
      const missing = [
        ...new Set(
          bars
            .filter((b) => b.Table === p.model.table.name && b.RowTable === name && !have.has(`${name}:${b.Resource}`))
            .map((b) => b.Resource),
        ),
      ];
      if (!missing.length) continue;
      const params = new Params();
      const rows = await db.query<{ autoid: string; descr: string | null; team: string | null }>(
        `SELECT r.autoid, ${descr} AS descr, ${kind.teams ? 'r.autoid' : 'NULL'} AS team ${seen(target.table, principal, 'r', params).from([`r.autoid = ANY(${params.add(missing)}::bigint[])`])} ORDER BY 2, 1 LIMIT ${MAX_ROWS}`,
        params.values,
      );
      add(name, rows.rows);
    }
  const shown = out.slice(0, MAX_ROWS);
  await zonesOf(db, tables, principal, shown);
  return shown;
}

/** A team's rows of one kind (or every team's): the `members` rows naming the team, in their order, as rows of `target`. */
async function memberRows(
  db: Queryable,
  snapshot: Snapshot,
  m: PlanningMembers,
  target: TableModel,
  descr: string,
  principal: Principal,
  body: BoardRequest,
): Promise<{ autoid: string; descr: string | null; team: string | null }[]> {
  const members = snapshot.table(m.table);
  const memberField = (name: string | undefined) => {
    const f = name ? members?.byName.get(name.toLowerCase()) : undefined;
    return f && members && !isHidden(members.table, principal, f.name) ? f : undefined;
  };
  const mTeam = memberField(m.team);
  const mResource = memberField(m.resource);
  const mOrder = memberField(m.order);
  if (!members || !mTeam || !mResource || !principal.can(members.table.right, 'read')) return [];
  const params = new Params();
  const join = seen(target.table, principal, 'r', params).leftJoin([`r.autoid = m.${ident(mResource.sqlName)}`]);
  const where = ['r.autoid IS NOT NULL'];
  if (body.Team) where.push(`m.${ident(mTeam.sqlName)} = ${params.add(body.Team)}`);
  else where.push(`m.${ident(mTeam.sqlName)} IS NOT NULL`);
  if (members.table.archivable) where.push('m.archive = false');
  const rows = await db.query<{ autoid: string; descr: string | null; team: string | null }>(
    `SELECT r.autoid, ${descr} AS descr, min(m.${ident(mTeam.sqlName)}) AS team
       ${seen(members.table, principal, 'm', params).from(where, join)}
       GROUP BY r.autoid, 2 ORDER BY ${mOrder ? `min(m.${ident(mOrder.sqlName)}), ` : ''}2, r.autoid LIMIT ${MAX_ROWS}`,
    params.values,
  );
  return rows.rows;
}

/**
 * Each row's time zone: the zone field (`timeZone`) of its team's row, as the principal may see
 * it; a row of no team, or of a team whose zone they may not read, has none.
 */
async function zonesOf(db: Queryable, tables: Plannable[], principal: Principal, rows: BoardRow[]): Promise<void> {
  const p = tables.find((x) => x.def.timeZone && x.team);
  const teams = p?.team && p.ref(p.team.name);
  const zone = p?.def.timeZone && teams?.byName.get(p.def.timeZone.toLowerCase());
  const ids = [...new Set(rows.flatMap((r) => (r.Team === null ? [] : [r.Team])))];
  if (!teams || !zone || !ids.length || isHidden(teams.table, principal, zone.name)) return;
  const params = new Params();
  const found = await db.query<{ autoid: string; zone: string | null }>(
    `SELECT tm.autoid, tm.${ident(zone.sqlName)}::text AS zone ${seen(teams.table, principal, 'tm', params).from([`tm.autoid = ANY(${params.add(ids)}::bigint[])`])}`,
    params.values,
  );
  const byTeam = new Map(found.rows.map((r) => [Number(r.autoid), r.zone?.trim() || null]));
  for (const row of rows) row.TimeZone = row.Team === null ? null : (byTeam.get(row.Team) ?? null);
}

/** The column of the row table's display text (the list's text field of `field`), unless hidden from the principal. */
function textColumn(
  snapshot: Snapshot,
  field: EffectiveField,
  target: TableModel,
  principal: Principal,
): string | undefined {
  const list = field.list ? snapshot.list(field.list) : undefined;
  const text = list ? target.byName.get(list.textField.toLowerCase()) : undefined;
  return text && !isHidden(target.table, principal, text.name) ? text.sqlName : undefined;
}

/** The most weeks capacity planning answers in one call. */
export const MAX_CAPACITY_WEEKS = 12;

export interface CapacityRequest {
  From: string;
  Weeks: number;
  Team?: number | null;
}

export interface CapacityAnswer {
  Weeks: string[];
  Teams: { AutoID: number; Descr: string; Weeks: { Week: string; Planned: number; Available: number }[] }[];
}

const MONDAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Per team and week: the hours planned on records of the plannable tables with `capacity` (end
 * minus start, wall time), against the hours available: per member of the team, per day, the
 * hours the team's plan gives that weekday, but none on a day the member is absent. Every table
 * is read through the access layer; a plan or an absence the user may not read counts as none.
 */
export async function planningCapacity(
  db: Queryable,
  snapshot: Snapshot,
  principal: Principal,
  body: CapacityRequest,
): Promise<CapacityAnswer> {
  if (!MONDAY.test(body.From) || !Number.isFinite(Date.parse(`${body.From}T00:00Z`)))
    throw badRequest('request.planning_period', MAX_CAPACITY_WEEKS * 7);
  const start = Date.parse(`${body.From}T00:00Z`);
  const monday = start - ((new Date(start).getUTCDay() + 6) % 7) * 86_400_000;
  const weeks = Array.from({ length: body.Weeks }, (_, i) =>
    new Date(monday + i * 7 * 86_400_000).toISOString().slice(0, 10),
  );
  const from = weeks[0];
  const till = new Date(monday + body.Weeks * 7 * 86_400_000).toISOString().slice(0, 10);
  const tables = plannableTables(snapshot, principal).flatMap((p) => {
    const { capacity } = p.def;
    return capacity && p.team ? [{ p, team: p.team, capacity }] : [];
  });
  const cells = new Map<string, { planned: number; available: number }>();
  const cell = (team: number, week: string) => {
    const key = `${team}:${week}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { planned: 0, available: 0 }));
    return c;
  };
  let teamsModel: TableModel | undefined;
  for (const { p, team } of tables) {
    const { start, end } = p;
    const col = (f: EffectiveField) => `t.${ident(f.sqlName)}`;
    const params = new Params();
    const where = [
      `${col(team)} IS NOT NULL`,
      `${col(start)} >= ${params.add(from)}::timestamp`,
      `${col(start)} < ${params.add(till)}::timestamp`,
      `${col(end)} > ${col(start)}`,
    ];
    if (body.Team) where.push(`${col(team)} = ${params.add(body.Team)}`);
    if (p.model.table.archivable) where.push('t.archive = false');
    const planned = await db.query<{ team: string; week: string; hours: string }>(
      `SELECT ${col(team)} AS team, to_char(date_trunc('week', ${col(start)}), 'YYYY-MM-DD') AS week,
              sum(extract(epoch FROM ${col(end)} - ${col(start)})) / 3600 AS hours
         ${limited(p.model, principal, 't', params).from(where)} GROUP BY 1, 2`,
      params.values,
    );
    for (const r of planned.rows) cell(Number(r.team), r.week).planned += Number(r.hours);
    teamsModel ??= p.ref(team.name);
  }
  const first = tables[0];
  if (!first || !teamsModel) return { Weeks: weeks, Teams: [] };
  const range = { from, till, team: body.Team ?? null };
  await availableHours(db, snapshot, principal, first.p, first.capacity, teamsModel, range, cell);
  const teamList = first.team.list ? snapshot.list(first.team.list) : undefined;
  const text = teamList ? teamsModel.byName.get(teamList.textField.toLowerCase()) : undefined;
  const params = new Params();
  const teamRows = await db.query<{ autoid: string; descr: string | null }>(
    `SELECT tm.autoid, ${text && !isHidden(teamsModel.table, principal, text.name) ? `tm.${ident(text.sqlName)}::text` : 'NULL'} AS descr
       ${seen(teamsModel.table, principal, 'tm', params).from([
         ...(body.Team ? [`tm.autoid = ${params.add(body.Team)}`] : []),
         ...(teamsModel.table.archivable ? ['tm.archive = false'] : []),
       ])} ORDER BY 2, 1 LIMIT 200`,
    params.values,
  );
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    Weeks: weeks,
    Teams: teamRows.rows.map((r) => ({
      AutoID: Number(r.autoid),
      Descr: r.descr ?? '',
      Weeks: weeks.map((Week) => {
        const c = cells.get(`${r.autoid}:${Week}`);
        return { Week, Planned: round(c?.planned ?? 0), Available: round(c?.available ?? 0) };
      }),
    })),
  };
}

/** The hours each team's members are available per week: their plan's hours per weekday, none on a day of absence. */
async function availableHours(
  db: Queryable,
  snapshot: Snapshot,
  principal: Principal,
  p: Plannable,
  c: NonNullable<PlanningDef['capacity']>,
  teams: TableModel,
  range: { from: string; till: string; team: number | null },
  cell: (team: number, week: string) => { planned: number; available: number },
): Promise<void> {
  const m = p.def.members;
  const members = m && snapshot.table(m.table);
  const planField = teams.byName.get(c.plan.toLowerCase());
  const planList = planField?.list ? snapshot.list(planField.list) : undefined;
  const plans = planList ? snapshot.table(planList.table) : undefined;
  if (!m || !members || !planField || !plans || isHidden(teams.table, principal, planField.name)) return;
  const memberCol = (name: string) => {
    const f = members.byName.get(name.toLowerCase());
    return f && !isHidden(members.table, principal, f.name) ? `m.${ident(f.sqlName)}` : null;
  };
  const mTeam = memberCol(m.team);
  const mResource = memberCol(m.resource);
  if (!mTeam || !mResource) return;
  const params = new Params();
  const hours = c.hours.map((name, i) => {
    const f = plans.byName.get(name.toLowerCase());
    return f && !isHidden(plans.table, principal, f.name)
      ? `WHEN ${i + 1} THEN coalesce(wp.${ident(f.sqlName)}, 0)`
      : '';
  });
  const joins = [
    seen(teams.table, principal, 'tm', params).leftJoin([`tm.autoid = ${mTeam}`]),
    seen(plans.table, principal, 'wp', params).leftJoin([`wp.autoid = tm.${ident(planField.sqlName)}`]),
    `CROSS JOIN generate_series(${params.add(range.from)}::date, ${params.add(range.till)}::date - 1, interval '1 day') d`,
  ].join(' ');
  const where = [`${mTeam} IS NOT NULL`, 'tm.autoid IS NOT NULL'];
  if (range.team) where.push(`${mTeam} = ${params.add(range.team)}`);
  if (members.table.archivable) where.push('m.archive = false');
  const a = c.absences;
  const absences = a ? snapshot.table(a.table) : undefined;
  if (a && absences) {
    const af = (name: string) => absences.byName.get(name.toLowerCase());
    const [res, af1, af2] = [af(a.resource), af(a.from), af(a.to)];
    if (res && af1 && af2 && ![res, af1, af2].some((f) => isHidden(absences.table, principal, f.name))) {
      const rows = seen(absences.table, principal, 'ab', params);
      where.push(
        `NOT EXISTS (SELECT 1 ${rows.from([`ab.${ident(res.sqlName)} = ${mResource}`, `d::date BETWEEN ab.${ident(af1.sqlName)} AND coalesce(ab.${ident(af2.sqlName)}, ab.${ident(af1.sqlName)})`])})`,
      );
    }
  }
  const cases = hours.filter(Boolean);
  if (!cases.length) return;
  const rows = await db.query<{ team: string; week: string; hours: string }>(
    `SELECT ${mTeam} AS team, to_char(date_trunc('week', d), 'YYYY-MM-DD') AS week,
            sum(CASE extract(isodow FROM d)::int ${cases.join(' ')} ELSE 0 END) AS hours
       ${seen(members.table, principal, 'm', params).from(where, joins)} GROUP BY 1, 2`,
    params.values,
  );
  for (const r of rows.rows) cell(Number(r.team), r.week).available += Number(r.hours);
}
