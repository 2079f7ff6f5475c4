// Fields whose value is a code of a catalogue of the definitions (a field's `catalogue`: rights,
// tables, lists) and fields holding an action of the chosen entry (`actionsOf`): what a write may store
// (checkInput, so every save and import), the lookup the form picks from (by name, in the user's
// language), and the text records answer beside the code (`<Field>_Descr`: "name (code)").
import {
  PICKER_PAGE_SIZE,
  catalogueOf,
  isTableCatalogue,
  ofTable,
  grantableActions,
  type CatalogueEntry,
  type CatalogueItem,
  type CatalogueName,
  type Effective,
  type EffectiveField,
  type MessageId,
  type RightAction,
  type Translate,
} from '../../definitions/language/index.ts';
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { notFound, type FieldMessage } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';

/**
 * Whether the principal may choose an entry, and the actions they may choose with it. A right:
 * those it has and the principal holds (an administrator holds all); none means it is not theirs
 * to see or give (null). Without a principal (seeds, which are definitions) every action. A table
 * or list: always, without actions (who may change the definitions may name any).
 */
export function actionsFor(
  principal: Principal | undefined,
  name: CatalogueName,
  entry: CatalogueItem,
): RightAction[] | null {
  if (name !== 'rights') return [];
  const all = grantableActions(entry);
  const mine = principal ? all.filter((action) => principal.can(entry.code, action)) : all;
  return mine.length ? mine : null;
}

/** The message of a code that is no entry of its catalogue. */
const UNKNOWN: Record<CatalogueName, MessageId> = {
  rights: 'validation.unknown_right',
  tables: 'validation.unknown_table',
  lists: 'validation.unknown_list',
  fields: 'validation.unknown_field_of',
  tabs: 'validation.unknown_tab_of',
};

/**
 * The entries a catalogue field of a record may hold: its catalogue, or for `fields` the fields of
 * the table the record's `catalogueOf` field names.
 */
function entriesOf(
  model: TableModel,
  field: EffectiveField,
  record: Record<string, unknown> | undefined,
): ReadonlyMap<string, CatalogueItem> {
  if (isTableCatalogue(field.catalogue))
    return model.ofTable(field.catalogue, field.catalogueOf ? record?.[field.catalogueOf] : undefined);
  return model.catalogue(field.catalogue!);
}

const sameValue = (a: unknown, b: unknown) => a === b || (isEmptyValue(a) && isEmptyValue(b));

/**
 * The problems of a record's catalogue codes and actions, by field. A code is checked when it or
 * one of its action fields changes: it must be an entry the principal may see, and each action
 * one they may choose for it. A value the record already holds stays, whoever set it.
 */
export function catalogueProblems(
  model: TableModel,
  values: ReadonlyMap<EffectiveField | 'archive', unknown>,
  current: Record<string, unknown> | null,
  merged: Record<string, unknown>,
  principal: Principal | undefined,
): Record<string, FieldMessage[]> {
  const problems: Record<string, FieldMessage[]> = {};
  const changed = (f: EffectiveField) =>
    values.has(f) && !sameValue(values.get(f), current ? (current[f.name] ?? null) : null);
  for (const field of model.table.fields) {
    if (!field.catalogue) continue;
    const actionFields = model.table.fields.filter((f) => f.actionsOf?.toLowerCase() === field.name.toLowerCase());
    // A field of a table is checked again when the table it is of changes.
    const owner = field.catalogueOf ? model.table.fields.find((f) => f.name === field.catalogueOf) : undefined;
    if (!changed(field) && !actionFields.some(changed) && !(owner && changed(owner))) continue;
    const code = merged[field.name];
    if (isEmptyValue(code)) continue;
    const entry = entriesOf(model, field, merged).get(String(code));
    const actions = entry ? actionsFor(principal, field.catalogue, entry) : null;
    if (!actions) {
      const args = [field.name, String(code)];
      if (field.catalogueOf) args.push(String(merged[field.catalogueOf] ?? ''));
      problems[field.name] = [{ id: UNKNOWN[field.catalogue], args }];
      continue;
    }
    for (const actionField of actionFields) {
      const action = merged[actionField.name];
      if (isEmptyValue(action) || actions.includes(action as RightAction)) continue;
      problems[actionField.name] = [
        { id: 'validation.right_action', args: [actionField.name, String(code), String(action), actions.join(', ')] },
      ];
    }
  }
  return problems;
}

const identity: Translate = (text) => text;

/**
 * "name (code)" of a catalogue code in a language, or null for a code the catalogue lacks. A field
 * of a table (`fields`) is named by its label in the table the record names.
 */
export function catalogueText(
  model: TableModel,
  field: EffectiveField,
  value: unknown,
  t: Translate = identity,
  record?: Record<string, unknown>,
): string | null {
  if (!field.catalogue || isEmptyValue(value)) return null;
  const entry = entriesOf(model, field, record).get(String(value));
  return entry ? `${t(entry.name)} (${entry.code})` : null;
}

/** A record (or grid row) with the texts of its catalogue fields in the user's language. */
export function withCatalogueTexts(
  model: TableModel,
  record: Record<string, unknown>,
  t: Translate,
): Record<string, unknown> {
  for (const field of model.table.fields) {
    if (field.catalogue && Object.hasOwn(record, field.name))
      record[`${field.name}_Descr`] = catalogueText(model, field, record[field.name], t, record);
  }
  return record;
}

/** What each right guards in the user's words: the labels of its tables and the titles of its screens (Dutch). */
const guarded = new WeakMap<Effective, Map<string, string[]>>();
function guardedBy(eff: Effective): Map<string, string[]> {
  let known = guarded.get(eff);
  if (known) return known;
  known = new Map();
  const add = (code: string | undefined, text: string | undefined) => {
    if (!code || !text?.trim()) return;
    const texts = known.get(code) ?? [];
    if (!texts.includes(text)) texts.push(text);
    known.set(code, texts);
  };
  for (const table of eff.tables.values()) add(table.right, table.label ?? table.name);
  for (const { value: screen } of eff.screens.values()) {
    const table = screen.table ? eff.tables.get(screen.table.toLowerCase()) : undefined;
    for (const code of new Set([...Object.values(screen.rights ?? {}), screen.rights?.read ? undefined : table?.right]))
      add(code, screen.title);
  }
  guarded.set(eff, known);
  return known;
}

interface Described {
  entry: CatalogueEntry;
  words: string[];
}

function describe(
  eff: Effective,
  catalogue: CatalogueName,
  right: CatalogueItem,
  actions: RightAction[],
  t: Translate,
): Described {
  const name = t(right.name);
  const uses = catalogue === 'rights' ? (guardedBy(eff).get(right.code) ?? []) : [];
  // The screens and tables the right guards, in so far as its name does not say them already.
  const detail = [...new Set(uses.map(t))].filter((u) => !name.toLowerCase().includes(u.toLowerCase()));
  return {
    entry: {
      ID: right.code,
      Descr: `${name} (${right.code})`,
      Name: name,
      Actions: actions,
      Detail: detail.length ? detail.join(', ') : null,
    },
    words: [name, right.name, right.code, ...uses, ...uses.map(t)].map((w) => w.toLowerCase()),
  };
}

/** A catalogue as a lookup offers it: the fields catalogue offers the fields of the table asked for. */
const lookedUp = (eff: Effective, name: CatalogueName, table: unknown) =>
  isTableCatalogue(name) ? ofTable(eff, name, table) : catalogueOf(eff, name);

/** The entries of a catalogue the principal may choose, in the user's language, sorted by name. */
function choosable(
  eff: Effective,
  name: CatalogueName,
  principal: Principal,
  t: Translate,
  table: unknown,
): Described[] {
  const out: Described[] = [];
  for (const entry of lookedUp(eff, name, table).values()) {
    const actions = actionsFor(principal, name, entry);
    if (actions) out.push(describe(eff, name, entry, actions, t));
  }
  const codeOrder = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });
  return out.sort((a, b) => a.entry.Name.localeCompare(b.entry.Name) || codeOrder(a.entry.ID, b.entry.ID));
}

/**
 * A page of a catalogue as a lookup: the entries the principal may choose whose name (in their
 * language or in Dutch), code, or guarded screens and tables contain the search text.
 */
export function cataloguePage(
  eff: Effective,
  name: CatalogueName,
  principal: Principal,
  t: Translate,
  body: Record<string, unknown>,
) {
  const page = (body.page as number | undefined) ?? 0;
  const pageSize = (body.pageSize as number | undefined) ?? PICKER_PAGE_SIZE;
  const key = typeof body.searchKey === 'string' ? body.searchKey.trim().toLowerCase() : '';
  const found = choosable(eff, name, principal, t, body.Table).filter(
    (d) => !key || d.words.some((w) => w.includes(key)),
  );
  const rows = found.slice(page * pageSize, page * pageSize + pageSize + 1).map((d) => d.entry);
  return { Data: rows.slice(0, pageSize), Meta: { Page: page, PageSize: pageSize, HasMore: rows.length > pageSize } };
}

/** One entry of a catalogue by code, if the principal may choose it. */
export function catalogueEntry(
  eff: Effective,
  name: CatalogueName,
  principal: Principal,
  t: Translate,
  code: string,
  table?: unknown,
): CatalogueEntry {
  const entry = lookedUp(eff, name, table).get(code);
  const actions = entry ? actionsFor(principal, name, entry) : null;
  if (!entry || !actions) throw notFound();
  return describe(eff, name, entry, actions, t).entry;
}
