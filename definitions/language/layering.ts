// Layering: base pack, then customer packs in dependency order, then the site layer.
// A later layer adds and overrides by name, never removes. Every attribute of the result
// remembers the layer that set it, and an override of something no lower layer has (any
// more) is a conflict, reported with its file and pointer instead of being dropped silently.
import type {
  DefinitionKind,
  FieldDef,
  FieldType,
  FormDef,
  LocaleDef,
  GridDef,
  IndexDef,
  ListDef,
  RightDef,
  ScreenDef,
  SeedDef,
  TableDef,
  WorkflowDef,
} from './types.ts';
import type { ReportDef } from './report.ts';
import type { Said } from './messages.ts';
import { deriveDerivations, type Derivation } from './derivations.ts';

export interface Origin {
  layer: string;
  file: string;
  /** Site-layer changes carry who made them and when. */
  by?: string;
  at?: string;
}

export interface LayerDoc<T> {
  value: T;
  origin: Origin;
}

export interface Layer {
  name: string;
  site?: boolean;
  tables: LayerDoc<TableDef>[];
  forms: LayerDoc<FormDef>[];
  grids: LayerDoc<GridDef>[];
  screens: LayerDoc<ScreenDef>[];
  lists: LayerDoc<ListDef>[];
  rights: LayerDoc<RightDef[]>[];
  seeds: LayerDoc<SeedDef>[];
  locales: LayerDoc<LocaleDef>[];
  workflows: LayerDoc<WorkflowDef>[];
  reports: LayerDoc<ReportDef>[];
}

/**
 * Every kind of definition a layer holds, in one table: the folder of a pack it lives in (rights
 * has a file of its own), and the list of the layer it goes to. Loading packs, the site layer,
 * exporting and composing all read it.
 */
export const LAYER_KINDS = {
  table: { folder: 'tables', slot: 'tables' },
  form: { folder: 'forms', slot: 'forms' },
  grid: { folder: 'grids', slot: 'grids' },
  screen: { folder: 'screens', slot: 'screens' },
  list: { folder: 'lists', slot: 'lists' },
  rights: { file: 'rights.json', slot: 'rights' },
  seed: { folder: 'seed', slot: 'seeds' },
  locale: { folder: 'locales', slot: 'locales' },
  workflow: { folder: 'workflows', slot: 'workflows' },
  report: { folder: 'reports', slot: 'reports' },
} as const satisfies Record<Exclude<DefinitionKind, 'pack'>, { folder?: string; file?: string; slot: keyof Layer }>;

export type LayerKind = keyof typeof LAYER_KINDS;
export type LayerSlot = (typeof LAYER_KINDS)[LayerKind]['slot'];
export const LAYER_SLOTS = Object.values(LAYER_KINDS).map((k) => k.slot);

export const isLayerKind = (kind: string): kind is LayerKind => Object.hasOwn(LAYER_KINDS, kind);

export function emptyLayer(name: string, site = false): Layer {
  return {
    name,
    site,
    tables: [],
    forms: [],
    grids: [],
    screens: [],
    lists: [],
    rights: [],
    seeds: [],
    locales: [],
    workflows: [],
    reports: [],
  };
}

/** Puts one checked definition into its list of the layer (a rights file holds the list of rights). */
export function addToLayer(layer: Layer, kind: LayerKind, value: unknown, origin: Origin): void {
  const v = kind === 'rights' ? (value as { rights: unknown }).rights : value;
  (layer[LAYER_KINDS[kind].slot] as LayerDoc<unknown>[]).push({ value: v, origin });
}

export type Provenance = Record<string, Origin>;

export interface EffectiveField extends FieldDef {
  type: FieldType;
  /** PostgreSQL column name: the lower-case field name. */
  sqlName: string;
  origin: Provenance;
}

export interface EffectiveTable extends Omit<TableDef, 'fields' | 'extends'> {
  /** PostgreSQL table name: the lower-case table name. */
  sqlName: string;
  fields: EffectiveField[];
  origin: Provenance;
  /** From the table's workflow: states only users with their right may see (a right per status list). */
  stateRights?: { column: string; states: { value: string | number | boolean; right: string }[] };
  /** From the screens' documents tabs on this table (one with `belongsTo`): the tables its rows may belong to. */
  owners?: EffectiveTable[];
  /** From its fixed list fields: the tables of the records its rows are children of (an order's lines). */
  parents?: { column: string; table: EffectiveTable }[];
  /** Its fields derived from other fields, with every field they come from. */
  derivations?: Derivation[];
  /** From `restrictedBy`: the columns and tables that decide who sees a row of a restricted kind. */
  restriction?: Restriction;
}

/** `restrictedBy` resolved to SQL names: the row's kind column, the kinds' flag, the allowed groups. */
export interface Restriction {
  column: string;
  kinds: EffectiveTable;
  flag: string;
  groups: EffectiveTable;
  parent: string;
  group: string;
}

export interface Conflict {
  layer: string;
  file: string;
  pointer: string;
  message: string;
  said: Said;
}

export interface Named<T> {
  value: T;
  origin: Provenance;
}

export interface Effective {
  tables: Map<string, EffectiveTable>;
  forms: Map<string, Named<FormDef>>;
  grids: Map<string, Named<GridDef>>;
  screens: Map<string, Named<ScreenDef>>;
  lists: Map<string, Named<ListDef>>;
  workflows: Map<string, Named<WorkflowDef>>;
  reports: Map<string, Named<ReportDef>>;
  rights: Map<string, Named<RightDef>>;
  seeds: LayerDoc<SeedDef>[];
  locales: Map<string, Record<string, string>>;
  /** Runtime strings as the layers correct them, per language (the catalogs hold the rest). */
  runtimeLocales: Map<string, Record<string, string>>;
  conflicts: Conflict[];
}

const key = (name: string) => name.toLowerCase();

function overlay(target: object, origin: Provenance, source: object, from: Origin, skip: string[] = []): void {
  for (const [attr, value] of Object.entries(source)) {
    if (skip.includes(attr) || value === undefined) continue;
    (target as Record<string, unknown>)[attr] = value;
    origin[attr] = from;
  }
}

function provenanceOf(value: object, from: Origin): Provenance {
  return Object.fromEntries(Object.keys(value).map((attr) => [attr, from]));
}

function mergeIndexes(existing: IndexDef[] = [], added: IndexDef[] = []): IndexDef[] {
  const sig = (i: IndexDef) => i.name ?? i.fields.map(key).join(',');
  const byName = new Map(existing.map((i) => [sig(i), i]));
  for (const index of added) byName.set(sig(index), index);
  return [...byName.values()];
}

function applyTable(eff: Effective, doc: LayerDoc<TableDef>): void {
  const { value: def, origin } = doc;
  const existing = eff.tables.get(key(def.name));
  if (!def.extends) {
    if (existing) {
      eff.conflicts.push({
        layer: origin.layer,
        file: origin.file,
        pointer: '/name',
        message: `table ${def.name} is already defined by ${existing.origin.name.layer}; set "extends": true to change it`,
        said: { id: 'definition.table_exists', args: [def.name, existing.origin.name.layer] },
      });
      return;
    }
    const table: EffectiveTable = { name: def.name, sqlName: key(def.name), fields: [], origin: {} };
    overlay(table, table.origin, def, origin, ['fields', 'extends']);
    eff.tables.set(key(def.name), table);
    def.fields.forEach((f, i) => addOrOverrideField(eff, table, f, origin, `/fields/${i}`));
    return;
  }
  if (!existing) {
    eff.conflicts.push({
      layer: origin.layer,
      file: origin.file,
      pointer: '/name',
      message: `${origin.layer} extends table ${def.name}, which no lower layer defines`,
      said: { id: 'definition.table_unknown', args: [def.name] },
    });
    return;
  }
  // Rows the engine alone writes stay so: no layer opens them to the generic calls.
  const reopens = existing.readOnly === true && def.readOnly === false;
  if (reopens) {
    eff.conflicts.push({
      layer: origin.layer,
      file: origin.file,
      pointer: '/readOnly',
      message: `${origin.layer} makes table ${def.name} writable; it is written by the product itself only`,
      said: { id: 'definition.read_only_table', args: [def.name] },
    });
  }
  overlay(existing, existing.origin, def, origin, [
    'fields',
    'extends',
    'name',
    'indexes',
    ...(reopens ? ['readOnly'] : []),
  ]);
  if (def.indexes) {
    existing.indexes = mergeIndexes(existing.indexes, def.indexes);
    existing.origin.indexes = origin;
  }
  def.fields.forEach((f, i) => addOrOverrideField(eff, existing, f, origin, `/fields/${i}`));
}

function addOrOverrideField(
  eff: Effective,
  table: EffectiveTable,
  def: FieldDef,
  origin: Origin,
  pointer: string,
): void {
  const existing = table.fields.find((f) => key(f.name) === key(def.name));
  if (existing) {
    // A password holds hashes that must never be answered, and other text is no hash: no layer
    // turns a field into a password or a password into something else.
    if (def.type && def.type !== existing.type && (def.type === 'password' || existing.type === 'password')) {
      eff.conflicts.push({
        layer: origin.layer,
        file: origin.file,
        pointer: `${pointer}/type`,
        message: `${origin.layer} changes the type of field ${def.name} of table ${table.name} from ${existing.type} to ${def.type}; a password field keeps its type`,
        said: { id: 'definition.password_type', args: [def.name] },
      });
      return;
    }
    overlay(existing, existing.origin, def, origin, ['name']);
    return;
  }
  if (!def.type) {
    eff.conflicts.push({
      layer: origin.layer,
      file: origin.file,
      pointer,
      message: `${origin.layer} overrides field ${def.name} of table ${table.name}, which no lower layer defines (any more)`,
      said: { id: 'definition.field_unknown', args: [def.name, table.name] },
    });
    return;
  }
  table.fields.push({ ...def, type: def.type, sqlName: key(def.name), origin: provenanceOf(def, origin) });
}

function applyForm(eff: Effective, doc: LayerDoc<FormDef>): void {
  const { value: def, origin } = doc;
  const existing = eff.forms.get(key(def.name));
  if (!def.extends) {
    eff.forms.set(key(def.name), { value: structuredClone(def), origin: provenanceOf(def, origin) });
    return;
  }
  if (!existing) {
    eff.conflicts.push({
      layer: origin.layer,
      file: origin.file,
      pointer: '/name',
      message: `${origin.layer} extends form ${def.name}, which no lower layer defines`,
      said: { id: 'definition.form_unknown', args: [def.name] },
    });
    return;
  }
  for (const group of def.groups) {
    const at = existing.value.groups.findIndex((g) => g.GroupID === group.GroupID);
    if (at >= 0) existing.value.groups[at] = { ...existing.value.groups[at], ...group };
    else existing.value.groups.push(group);
  }
  if (def.tabs) existing.value.tabs = def.tabs;
  existing.origin.groups = origin;
}

function applyNamed<T extends object>(map: Map<string, Named<T>>, doc: LayerDoc<T>, id: keyof T & string): void {
  const name = key(String(doc.value[id]));
  const existing = map.get(name);
  if (existing) overlay(existing.value, existing.origin, doc.value, doc.origin, [id]);
  else map.set(name, { value: structuredClone(doc.value), origin: provenanceOf(doc.value, doc.origin) });
}

/** Lays the layers over each other, lowest first. */
export function layer(layers: Layer[]): Effective {
  const eff: Effective = {
    tables: new Map(),
    forms: new Map(),
    grids: new Map(),
    screens: new Map(),
    lists: new Map(),
    workflows: new Map(),
    reports: new Map(),
    rights: new Map(),
    seeds: [],
    locales: new Map(),
    runtimeLocales: new Map(),
    conflicts: [],
  };
  for (const l of layers) {
    for (const doc of l.tables) applyTable(eff, { value: structuredClone(doc.value), origin: doc.origin });
    for (const doc of l.forms) applyForm(eff, doc);
    for (const doc of l.grids) applyNamed(eff.grids, doc, 'name');
    for (const doc of l.screens) applyNamed(eff.screens, doc, 'name');
    for (const doc of l.lists) applyNamed(eff.lists, doc, 'name');
    for (const doc of l.workflows) applyNamed(eff.workflows, doc, 'name');
    for (const doc of l.reports) applyNamed(eff.reports, doc, 'name');
    for (const doc of l.rights) {
      for (const right of doc.value) applyNamed(eff.rights, { value: right, origin: doc.origin }, 'code');
    }
    eff.seeds.push(...l.seeds);
    for (const doc of l.locales) {
      eff.locales.set(doc.value.language, { ...eff.locales.get(doc.value.language), ...doc.value.messages });
      if (doc.value.runtime)
        eff.runtimeLocales.set(doc.value.language, {
          ...eff.runtimeLocales.get(doc.value.language),
          ...doc.value.runtime,
        });
    }
  }
  deriveStateRights(eff);
  deriveOwners(eff);
  deriveParents(eff);
  deriveDerivations(eff);
  deriveRestrictions(eff);
  return eff;
}

/** A table with `restrictedBy` learns its columns; one naming what is not there is left unrestricted for the checks to report. */
function deriveRestrictions(eff: Effective): void {
  for (const table of eff.tables.values()) {
    const r = table.restrictedBy;
    if (!r) continue;
    const column = (t: EffectiveTable | undefined, name: string) =>
      t?.fields.find((f) => key(f.name) === key(name))?.sqlName;
    const via = table.fields.find((f) => key(f.name) === key(r.field));
    const list = via?.type === 'list' && via.list ? eff.lists.get(key(via.list))?.value : undefined;
    const kinds = list ? eff.tables.get(key(list.table)) : undefined;
    const groups = eff.tables.get(key(r.groups.table));
    const flag = column(kinds, r.flag);
    const parent = column(groups, r.groups.parent);
    const group = column(groups, r.groups.group);
    if (via && kinds && groups && flag && parent && group)
      table.restriction = { column: via.sqlName, kinds, flag, groups, parent, group };
  }
}

/** Each table learns the tables its fixed list fields point at: its rows are seen only with their parent. */
function deriveParents(eff: Effective): void {
  for (const table of eff.tables.values()) {
    for (const field of table.fields) {
      const list =
        field.fixed && field.type === 'list' && field.list ? eff.lists.get(key(field.list))?.value : undefined;
      const parent = list ? eff.tables.get(key(list.table)) : undefined;
      if (!parent || parent === table) continue;
      (table.parents ??= []).push({ column: field.sqlName, table: parent });
    }
  }
}

/** Each table learns which of its states need a right to be seen, from its workflow. */
function deriveStateRights(eff: Effective): void {
  for (const { value: wf } of eff.workflows.values()) {
    const table = eff.tables.get(key(wf.table));
    const field = table?.fields.find((f) => key(f.name) === key(wf.field));
    const states = wf.states.filter((s) => s.right).map((s) => ({ value: s.value, right: s.right! }));
    if (table && field && states.length) table.stateRights = { column: field.sqlName, states };
  }
}

/**
 * Each table whose rows belong to records of other tables (`belongsTo`) learns which tables those
 * are: the tables of the screens with a documents tab on it. A tab without `table` means the one
 * table that has `belongsTo`.
 */
/** The table (with `belongsTo`) a documents tab shows: the one it names, else the only such table. */
export function documentsTable(eff: Effective, tab: { table?: string }): EffectiveTable | undefined {
  if (tab.table) {
    const named = eff.tables.get(key(tab.table));
    return named?.belongsTo ? named : undefined;
  }
  const belonging = [...eff.tables.values()].filter((t) => t.belongsTo);
  return belonging.length === 1 ? belonging[0] : undefined;
}

function deriveOwners(eff: Effective): void {
  for (const { value: screen } of eff.screens.values()) {
    const owner = screen.table ? eff.tables.get(key(screen.table)) : undefined;
    for (const tab of screen.tabs ?? []) {
      if (tab.kind !== 'documents' || !owner) continue;
      const table = documentsTable(eff, tab);
      if (!table) continue;
      table.owners ??= [];
      if (!table.owners.includes(owner)) table.owners.push(owner);
    }
  }
}
