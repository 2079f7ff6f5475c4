// A table's compiled model: what the data layer and the form compiler need, built once per
// effective-definitions version.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import {
  catalogueOf,
  relatedPaths,
  ofTable,
  type TableCatalogueName,
  isCalendarDate,
  isDateTime,
  type CatalogueItem,
  type CatalogueName,
  type DataSetDef,
  type Effective,
  type ScreenDef,
  type EffectiveField,
  type EffectiveTable,
  type WorkflowDef,
} from '../../definitions/language/index.ts';
import { DIGITS_KEYWORD, digitsFit, recordSchema } from '../../definitions/language/record-schema.ts';
import { computeOrder } from '../../definitions/language/check-derived.ts';
import { filterHops, rollupLink } from '../../definitions/language/rollups.ts';
import { settingsName } from '../../definitions/language/settings-rules.ts';
import type { ListDef, RollupDef } from '../../definitions/language/types.ts';

/** A list field's referenced table and the field of it that gives the display text. */
export interface ListJoin {
  field: EffectiveField;
  /** The list the field picks from (its parameters name the fields a listFilter compares). */
  list: ListDef;
  alias: string;
  ref: EffectiveTable;
  textField: string;
  textColumn: string;
}

/** A field's default from a field of a settings table's one row. */
export interface SettingDefault {
  field: EffectiveField;
  settings: EffectiveTable;
  source: EffectiveField;
}

export interface TableModel {
  table: EffectiveTable;
  byName: Map<string, EffectiveField>;
  listJoins: ListJoin[];
  searchColumns: string[];
  order: { column: string; desc: boolean };
  validate: ValidateFunction;
  /** The table's status workflow and its field: the field changes only through transitions. */
  workflow?: { def: WorkflowDef; field: EffectiveField };
  /** The named data sets of the table's screens, by name. */
  dataSets: Map<string, DataSetDef>;
  /** The screens showing this table (their tabs and actions). */
  screens: ScreenDef[];
  /** A catalogue of the same definitions, by code (the codes a field with `catalogue` may hold). */
  catalogue(name: CatalogueName): ReadonlyMap<string, CatalogueItem>;
  /** A catalogue of one table of the same definitions, its fields or tabs (empty for an unknown table). */
  ofTable(name: TableCatalogueName, table: unknown): ReadonlyMap<string, CatalogueItem>;
  /** A list's table and code field, for a text field that names its rows by code (`codes` checks and applies). */
  codeList(name: string): { table: string; codeField: string } | undefined;
  /** The table of a list of the same definitions (a list prompt's rows). */
  listTable(name: string): string | undefined;
  /** Its computed fields, each after those it reads. */
  computed: EffectiveField[];
  /** Fields a new record takes from a settings table's row (`defaultSetting`), with that table and field. */
  settingDefaults: SettingDefault[];
  /** Its totals over child rows. */
  rollups: Rollup[];
  /** The totals of other tables its rows count in: the parent table and the field naming the parent. */
  feeds: { parent: string; via: EffectiveField }[];
  /**
   * The totals of other tables whose filter reads fields of its rows through a child (an order
   * line's invoiced quantity counts no line of a voided invoice): when one of `reads` changes, the
   * parents (`via`) of the `child` rows naming the row (`hop`) are added up again.
   */
  feedsThrough: {
    parent: string;
    child: EffectiveTable;
    via: EffectiveField;
    hop: EffectiveField;
    reads: EffectiveField[];
  }[];
  /** The tables whose read-only states lock its rows (`readOnlyChildren`), and the field naming the parent. */
  lockedBy: { parent: string; via: EffectiveField }[];
  /**
   * The rows of other tables whose computed fields follow its rows (`compute.follow`): when one of
   * `reads` changes, the rows of `table` whose `via` names the row are computed again.
   */
  followers: { table: string; via: EffectiveField; reads: EffectiveField[] }[];
}

/** A total of `field` over the rows of `child` whose `via` names the record. */
export interface Rollup {
  field: EffectiveField;
  child: EffectiveTable;
  via: EffectiveField;
  op: RollupDef['op'];
  source?: EffectiveField;
  where?: unknown;
  /** The table a list field of the child references, for a filter that reads through it (`Invoice.Status`). */
  refOf: (field: EffectiveField) => EffectiveTable | undefined;
}

const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
ajv.addFormat('date', { type: 'string', validate: (s: string) => isCalendarDate(s) });
ajv.addFormat('local-date-time', { type: 'string', validate: (s: string) => isDateTime(s, { timeRequired: true }) });
ajv.addKeyword({
  keyword: DIGITS_KEYWORD,
  schemaType: 'object',
  validate: (limits: { integers: number; decimals: number }, value: unknown) =>
    (typeof value !== 'number' && typeof value !== 'string') || digitsFit(value, limits.integers, limits.decimals),
  errors: false,
});

export function compileTable(eff: Effective, table: EffectiveTable): TableModel {
  const byName = new Map(table.fields.map((f) => [f.name.toLowerCase(), f]));
  const listJoins: ListJoin[] = [];
  for (const field of table.fields) {
    if (field.type !== 'list' || !field.list) continue;
    const list = eff.lists.get(field.list.toLowerCase())!.value;
    const ref = eff.tables.get(list.table.toLowerCase())!;
    listJoins.push({
      field,
      list,
      alias: `j_${field.sqlName}`.slice(0, 63),
      ref,
      textField: list.textField,
      textColumn: list.textField.toLowerCase(),
    });
  }
  const [sortField, dir] = (table.defaultSort ?? 'AutoID asc').split(' ');
  const own = (name: string) => name.toLowerCase() === table.sqlName;
  const def = [...eff.workflows.values()].map((w) => w.value).find((w) => own(w.table));
  const statusField = def && byName.get(def.field.toLowerCase());
  const screens = [...eff.screens.values()].map((s) => s.value).filter((s) => s.table && own(s.table));
  const dataSets = new Map<string, DataSetDef>();
  for (const screen of screens)
    for (const set of screen.dataSets ?? []) if (!dataSets.has(set.name)) dataSets.set(set.name, set);
  const rollups: Rollup[] = table.fields.flatMap((field) => {
    const r = field.rollup;
    const child = r && eff.tables.get(r.table.toLowerCase());
    const via = child && rollupLink(eff, table, child, r.via);
    if (!r || !child || !via) return [];
    return [
      {
        field,
        child,
        via,
        op: r.op,
        source: r.field ? child.fields.find((f) => f.name.toLowerCase() === r.field!.toLowerCase()) : undefined,
        where: r.where,
        refOf: (f: EffectiveField) => referenced(eff, f),
      },
    ];
  });
  const feeds = [...eff.tables.values()]
    .flatMap((parent) =>
      parent.fields.flatMap((field) => {
        const r = field.rollup;
        const via =
          r && r.table.toLowerCase() === table.name.toLowerCase() ? rollupLink(eff, parent, table, r.via) : undefined;
        return via ? [{ parent: parent.name, via }] : [];
      }),
    )
    .filter((f, i, all) => all.findIndex((g) => g.parent === f.parent && g.via === f.via) === i);
  const feedsThrough = [...eff.tables.values()].flatMap((parent) =>
    parent.fields.flatMap((field) => {
      const r = field.rollup;
      if (r?.where === undefined) return [];
      const child = eff.tables.get(r.table.toLowerCase());
      const via = child && rollupLink(eff, parent, child, r.via);
      if (!child || !via) return [];
      const byHop = new Map<EffectiveField, EffectiveField[]>();
      for (const step of filterHops(r.where)) {
        const hop = child.fields.find((f) => f.name.toLowerCase() === step.via.toLowerCase());
        if (!hop || referenced(eff, hop)?.name.toLowerCase() !== table.name.toLowerCase()) continue;
        const read = byName.get(step.field.toLowerCase());
        if (read) byHop.set(hop, [...(byHop.get(hop) ?? []), read]);
      }
      return [...byHop].map(([hop, reads]) => ({ parent: parent.name, child, via, hop, reads }));
    }),
  );
  const lockedBy = [...eff.workflows.values()].flatMap(({ value: wf }) => {
    const parent = eff.tables.get(wf.table.toLowerCase());
    const locks = wf.readOnlyChildren?.some((name) => own(name));
    const via = parent && locks ? rollupLink(eff, parent, table) : undefined;
    return parent && via ? [{ parent: parent.name, via }] : [];
  });
  return {
    table,
    byName,
    lockedBy,
    followers: followersOf(eff, table),
    computed: computeOrder(table.fields),
    settingDefaults: settingDefaultsOf(eff, table),
    rollups,
    feeds,
    feedsThrough,
    listJoins,
    searchColumns: (table.searchFields ?? []).map((n) => n.toLowerCase()),
    order: { column: sortField.toLowerCase(), desc: dir === 'desc' },
    validate: ajv.compile(recordSchema(table)),
    workflow: def && statusField ? { def, field: statusField } : undefined,
    dataSets,
    screens,
    catalogue: (name) => catalogueOf(eff, name),
    ofTable: (name, table) => ofTable(eff, name, table),
    listTable: (name) => eff.lists.get(name.toLowerCase())?.value.table,
    codeList: (name) => {
      const list = eff.lists.get(name.toLowerCase())?.value;
      return list?.codeField ? { table: list.table, codeField: list.codeField } : undefined;
    },
  };
}

/** The fields of `table` with a `defaultSetting` the definitions check found sound. */
function settingDefaultsOf(eff: Effective, table: EffectiveTable): SettingDefault[] {
  return table.fields.flatMap((field) => {
    const read = field.defaultSetting ? settingsName(field.defaultSetting) : undefined;
    const settings = read && eff.tables.get(read.table.toLowerCase());
    const source = read && settings?.fields.find((f) => f.name.toLowerCase() === read.field.toLowerCase());
    return settings && source ? [{ field, settings, source }] : [];
  });
}

/** The table a list field references. */
function referenced(eff: Effective, field: EffectiveField): EffectiveTable | undefined {
  const list = field.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
  return list && eff.tables.get(list.table.toLowerCase());
}

/** The computed fields of every table that follow rows of `table` (`compute.follow`), by table and list field. */
function followersOf(eff: Effective, table: EffectiveTable): TableModel['followers'] {
  const out: TableModel['followers'] = [];
  for (const other of eff.tables.values())
    for (const field of other.fields) {
      if (!field.compute?.follow || field.compute.overridable) continue;
      for (const path of relatedPaths(field.compute.expression)) {
        const [first, second] = path.split('.');
        const via = other.fields.find((f) => f.name.toLowerCase() === first.toLowerCase());
        const list = via?.type === 'list' && via.list ? eff.lists.get(via.list.toLowerCase())?.value : undefined;
        const read = table.fields.find((f) => f.name.toLowerCase() === second.toLowerCase());
        if (!via || !read || list?.table.toLowerCase() !== table.name.toLowerCase()) continue;
        const known = out.find((f) => f.table === other.name && f.via === via);
        if (!known) out.push({ table: other.name, via, reads: [read] });
        else if (!known.reads.includes(read)) known.reads.push(read);
      }
    }
  return out;
}
