// Catalogues of the definitions that a field's value may be a code of (a field's `catalogue`):
// `rights`, the effective rights by code; `tables`, the tables by name (labelled by their label);
// `lists`, the lookup lists by name (labelled by their table's label); `fields`, the fields of the
// table another field of the record names (labelled by their label). A save refuses any other
// value, the form picks an entry by its name, and a field with `actionsOf` holds one of the
// actions the chosen entry (a right) has.
import type { Effective } from './layering.ts';
import type { CatalogueItem, CatalogueName, RightAction, RightDef, TableCatalogueName } from './types.ts';

export const CATALOGUES: readonly CatalogueName[] = ['rights', 'tables', 'lists', 'fields', 'tabs'];

/** Whether a catalogue's entries are those of one table (named by the record's `catalogueOf` field). */
export const isTableCatalogue = (name: CatalogueName | undefined): name is TableCatalogueName =>
  name === 'fields' || name === 'tabs';

export const isCatalogue = (name: string): name is CatalogueName => (CATALOGUES as readonly string[]).includes(name);

const byEffective = new WeakMap<Effective, Map<CatalogueName, ReadonlyMap<string, CatalogueItem>>>();

function itemsOf(eff: Effective, name: CatalogueName): CatalogueItem[] {
  switch (name) {
    case 'rights':
      return [...eff.rights.values()].map(({ value }) => value);
    case 'tables':
      return [...eff.tables.values()].map((t) => ({ code: t.name, name: t.label ?? t.name, actions: [] }));
    case 'lists':
      return [...eff.lists.values()].map(({ value: l }) => ({
        code: l.name,
        name: eff.tables.get(l.table.toLowerCase())?.label ?? l.name,
        actions: [],
      }));
    case 'fields':
      // Every field name of every table, as a name: what one table has is `ofTable`.
      return [...new Set([...eff.tables.values()].flatMap((t) => t.fields.map((f) => f.name)))].map((code) => ({
        code,
        name: code,
        actions: [],
      }));
    case 'tabs':
      // Every tab of every form layout, as a name: what one table's form has is `ofTable`.
      return [...new Set([...eff.forms.values()].flatMap(({ value }) => (value.tabs ?? []).map((t) => t.name)))].map(
        (code) => ({ code, name: code, actions: [] }),
      );
  }
}

/** The entry of a table's row identity: every table has it, and a row limit may name it. */
const AUTO_ID = 'AutoID';

/**
 * A catalogue of one table: its fields by name (labelled by their label) and AutoID, or its form
 * layout's tabs by name (labelled by their label); empty for a table the definitions lack.
 */
export function ofTable(eff: Effective, name: TableCatalogueName, table: unknown): ReadonlyMap<string, CatalogueItem> {
  const found = typeof table === 'string' ? eff.tables.get(table.toLowerCase()) : undefined;
  if (!found) return new Map();
  const items: CatalogueItem[] =
    name === 'fields'
      ? [
          { code: AUTO_ID, name: AUTO_ID, actions: [] },
          ...found.fields.map((f) => ({ code: f.name, name: f.label ?? f.name, actions: [] })),
        ]
      : (eff.forms.get(found.name.toLowerCase())?.value.tabs ?? []).map((t) => ({
          code: t.name,
          name: t.label ?? t.name,
          actions: [],
        }));
  return new Map(items.map((item) => [item.code, item]));
}

/** The entries of a catalogue by code, as the effective definitions have them. */
export function catalogueOf(eff: Effective, name: CatalogueName): ReadonlyMap<string, CatalogueItem> {
  let known = byEffective.get(eff);
  if (!known) byEffective.set(eff, (known = new Map()));
  let entries = known.get(name);
  if (!entries) known.set(name, (entries = new Map(itemsOf(eff, name).map((item) => [item.code, item]))));
  return entries;
}

/**
 * The actions a grant of a right may name: the right's own, and createorupdate where the right
 * has both create and update (a grant of it grants both).
 */
export function grantableActions(right: RightDef | CatalogueItem): RightAction[] {
  const own = [...right.actions];
  if (own.includes('create') && own.includes('update') && !own.includes('createorupdate')) own.push('createorupdate');
  return own;
}
