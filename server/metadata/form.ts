// GetForm: a table's form as Properties and Groups (spec 1 section 3, "Server form
// definition"), from the form definition when there is one, else from the fields' own
// tab, column and group.
import {
  ARCHIVE_LABEL,
  Component,
  EXTRA_FIELDS_LABEL,
  componentOf,
  decimalDigits,
  integerDigits,
  numericBound,
  relatedPaths,
  ruleFields,
  textLength,
  type CheckDef,
  type EffectiveField,
  type FormDef,
} from '../../definitions/language/index.ts';
import type { RulesLogic } from 'json-logic-js';
import type { FormAnswer, FormProperty, ListConfig } from '../../definitions/language/form-schema.ts';
import type { Snapshot } from './registry.ts';
import type { TableModel } from './model.ts';

/** Field visibility codes: Hidden 0, Visible 1, ReadOnly 2, Required 3. */
const Visibility = { Hidden: 0, Visible: 1, ReadOnly: 2, Required: 3 } as const;
const DEFAULT_GROUP = 'general';
/** The group of fields a form layout does not place and that name no group of their own. */
const EXTRA_GROUP = 'extra';

export const listMethod = (list: string) => `mvc/_lists/${list}`;
export const catalogueMethod = (catalogue: string) => `mvc/_catalogues/${catalogue}`;

/** A picker's calls: a list's entries are chosen by AutoID, a catalogue's by code (ID). */
function pickerConfig(snapshot: Snapshot, table: string, field: EffectiveField, groupId: string): ListConfig | null {
  if (field.catalogue) {
    const method = catalogueMethod(field.catalogue);
    // The fields of a table are those of the table the record's table field (catalogue tables) holds.
    const ofTable = Boolean(field.catalogueOf);
    return {
      ListMethod: method,
      SingleMethod: `${method}/single`,
      Parameters: ofTable ? ['Table'] : [],
      GroupID: groupId,
      ParentList: ofTable ? 'tables' : null,
      ValueField: 'ID',
    };
  }
  const list = field.list ? snapshot.list(field.list) : undefined;
  if (!list) return null;
  const rows = snapshot.table(list.table)?.table;
  // A row's kind (belongsTo.kinds) is offered as it applies to the table its record is of.
  const belongs = snapshot.table(table)?.table.belongsTo;
  const kindOf = belongs?.kinds?.field.toLowerCase() === field.name.toLowerCase() ? [belongs.table] : [];
  const reads = [...new Set([...Object.values(field.listFilter ?? {}).map((s) => s.split('.')[0]), ...kindOf])];
  return {
    ListMethod: listMethod(list.name),
    SingleMethod: `${listMethod(list.name)}/single`,
    Parameters: Object.keys(list.parameters ?? {}),
    GroupID: groupId,
    ParentList: field.parentList ?? null,
    ValueField: 'AutoID',
    // A listFilter (or a kind that must apply to the record's table): the lookup is asked `For`
    // this field with the record's fields it reads.
    For: reads.length ? `${table}.${field.name}` : null,
    Reads: reads,
    Table: rows?.name ?? null,
    Right: rows?.right ?? null,
    Prefill: rows ? prefill(list.parameters ?? {}, field.listFilter ?? {}, rows) : [],
  };
}

/**
 * What a row made from a picker takes of the record: each listFilter parameter bound to a field of
 * the record itself (not a path through a row it references) fills the list's field it filters on.
 */
function prefill(
  parameters: Record<string, string>,
  listFilter: Record<string, string>,
  rows: TableModel['table'],
): { Field: string; From: string }[] {
  const byParameter = new Map(Object.entries(parameters).map(([p, f]) => [p.toLowerCase(), f]));
  return Object.entries(listFilter).flatMap(([parameter, source]) => {
    const target = byParameter.get(parameter.toLowerCase());
    const field = target ? rows.fields.find((f) => f.name.toLowerCase() === target.toLowerCase()) : undefined;
    return field && !source.includes('.') ? [{ Field: field.name, From: source }] : [];
  });
}

/** An action field (`actionsOf`): the field whose catalogue entry's actions it offers, and how to fetch that entry. */
function actionsOf(table: TableModel['table'], field: EffectiveField) {
  const coded = field.actionsOf
    ? table.fields.find((f) => f.name.toLowerCase() === field.actionsOf!.toLowerCase())
    : undefined;
  return coded?.catalogue ? { Field: coded.name, SingleMethod: `${catalogueMethod(coded.catalogue)}/single` } : null;
}

function property(
  snapshot: Snapshot,
  model: TableModel,
  field: EffectiveField,
  groupId: string,
  value: unknown,
): FormProperty {
  const table = model.table;
  const numeric = ['smallint', 'integer', 'bigint', 'decimal'].includes(field.type);
  const bound = numeric ? numericBound(field) : undefined;
  return {
    FieldName: field.name,
    Label: field.label ?? field.name,
    Value: value,
    Required: field.required ?? false,
    Enabled: field.enabled ?? true,
    Visibility:
      field.enabled === false ? Visibility.ReadOnly : field.required ? Visibility.Required : Visibility.Visible,
    // A catalogue code is picked from its catalogue, as a list value from its list.
    Component: field.catalogue ? Component.ListInput : componentOf(field.type),
    FieldType: field.type,
    QuantityUnit: field.unit ?? null,
    GroupID: groupId,
    Tab: field.tab ?? null,
    Column: field.column ?? 1,
    Width: field.width ?? null,
    Height: field.height ?? null,
    Align: field.align ?? null,
    Format: field.format ?? null,
    Settings: {
      FieldLength: textLength(field) ?? null,
      min: numeric ? Math.max(field.min ?? -bound!, -bound!) : null,
      max: numeric ? Math.min(field.max ?? bound!, bound!) : null,
      step: numeric ? (field.step ?? (field.type === 'decimal' ? 10 ** -decimalDigits(field) : 1)) : null,
      Integers: numeric ? integerDigits(field) : null,
      Decimals: numeric ? decimalDigits(field) : null,
      // A workflow's status shows its state's label, also when it is kept as a number or a flag.
      Options:
        field.options ??
        (field === model.workflow?.field
          ? model.workflow.def.states.map((st) => ({ value: String(st.value), label: st.label }))
          : null),
      ContentLanguage: field.contentLanguage ?? null,
      ListConfig: pickerConfig(snapshot, table.name, field, groupId),
      ActionsOf: actionsOf(table, field),
    },
    Rules: {
      visibleWhen: field.visibleWhen ?? null,
      enabledWhen: field.enabledWhen ?? null,
      requiredWhen: field.requiredWhen ?? null,
    },
  };
}

function derivedForm(model: TableModel): FormDef {
  const groups = new Map<string, { tab?: string; column?: number; fields: string[] }>();
  for (const field of model.table.fields) {
    const id = field.group ?? DEFAULT_GROUP;
    const group = groups.get(id) ?? { tab: field.tab, column: field.column, fields: [] };
    group.fields.push(field.name);
    groups.set(id, group);
  }
  return {
    name: model.table.name,
    table: model.table.name,
    groups: [...groups].map(([GroupID, g]) => ({
      GroupID,
      label: GroupID === DEFAULT_GROUP ? undefined : GroupID,
      tab: g.tab,
      column: g.column,
      fields: g.fields,
    })),
  };
}

/** Field limits of the acting principal: hidden fields are left out, read-only ones disabled. */
export type FieldAccess = ReadonlyMap<string, number>;

export function compileForm(
  snapshot: Snapshot,
  model: TableModel,
  record: Record<string, unknown>,
  access: FieldAccess = new Map(),
): FormAnswer {
  const form = snapshot.effective.forms.get(model.table.name.toLowerCase())?.value ?? derivedForm(model);
  const properties = [];
  const placed = new Set<string>();
  for (const group of form.groups) {
    for (const name of group.fields) {
      const field = model.byName.get(name.toLowerCase());
      if (!field || placed.has(field.name)) continue;
      placed.add(field.name);
      properties.push(property(snapshot, model, field, group.GroupID, record[field.name] ?? null));
    }
  }
  const groups: { GroupID: string; Label: string | null; Tab: string | null; Column: number }[] = form.groups.map(
    (g) => ({ GroupID: g.GroupID, Label: g.label ?? null, Tab: g.tab ?? null, Column: g.column ?? 1 }),
  );
  // Fields a later layer added (the field dictionary) that the form does not place still appear:
  // in the group they name (by its id or label), else in a new group of that name, else in "Extra
  // velden"; a new group on the tab they name, else the first tab — never in a group no tab shows.
  const same = (a: string | null | undefined, b: string) => a?.trim().toLowerCase() === b.toLowerCase();
  const tabs = form.tabs ?? [];
  const tabOf = (name: string | undefined) =>
    (name && tabs.find((t) => same(t.name, name.trim()) || same(t.label, name.trim()))?.name) || tabs[0]?.name || null;
  for (const field of model.table.fields.filter((f) => !placed.has(f.name))) {
    const named = field.group?.trim();
    let group = named ? groups.find((g) => same(g.GroupID, named) || same(g.Label, named)) : undefined;
    if (!group) {
      const id = named || EXTRA_GROUP;
      group = groups.find((g) => g.GroupID === id);
      if (!group)
        groups.push((group = { GroupID: id, Label: named || EXTRA_FIELDS_LABEL, Tab: tabOf(field.tab), Column: 1 }));
    }
    properties.push(property(snapshot, model, field, group.GroupID, record[field.name] ?? null));
  }
  if (model.table.archivable) {
    // Archiving is a user's action on a record too: the last group offers it.
    const archive: EffectiveField = {
      name: 'Archive',
      label: ARCHIVE_LABEL,
      type: 'bool',
      sqlName: 'archive',
      origin: {},
    };
    properties.push(
      property(snapshot, model, archive, groups[groups.length - 1]?.GroupID ?? DEFAULT_GROUP, record.Archive ?? false),
    );
  }
  const visible = properties
    .filter((p) => access.get(p.FieldName.toLowerCase()) !== 0)
    .map((p) => (access.get(p.FieldName.toLowerCase()) === 2 ? { ...p, Enabled: false, Visibility: 2 } : p));
  // Rules across fields: checked live by the form (the server checks them on save as well), and
  // questions asked before a save. A rule reading a field the principal cannot see is left out.
  const seen = (rule: unknown) => !ruleFields(rule).some((name) => access.get(name.toLowerCase()) === 0);
  // Checks that need the database (referenced rows, uniqueness, cycles) or the stored record
  // (onChange) are the server's alone; a check's `when` is folded into its rule.
  const live = (c: CheckDef) =>
    c.validWhen !== undefined &&
    !c.unique &&
    !c.acyclic &&
    !c.onChange &&
    relatedPaths(c.validWhen).length === 0 &&
    relatedPaths(c.when).length === 0 &&
    // A picked field is chosen by the server as it saves: a rule over it is the server's too.
    ![...ruleFields(c.validWhen), ...ruleFields(c.when)].some((n) => model.byName.get(n.toLowerCase())?.pick);
  const checks = (model.table.checks ?? [])
    .filter((c) => live(c) && seen(c.validWhen) && seen(c.when))
    .map((c) => ({
      Name: c.name,
      ValidWhen: (c.when === undefined ? c.validWhen : { or: [{ '!': c.when }, c.validWhen] }) as RulesLogic,
      Message: c.message,
      Fields: c.fields,
    }));
  const confirms = (model.table.confirms ?? [])
    .filter((c) => seen(c.when))
    .map((c) => ({ Name: c.name, When: c.when, Message: c.message }));
  // A record's type that brings its properties: the form asks what a change would lose (TypeChange).
  const typeField = model.table.typedProperties?.typeField;
  // The fields whose change lets the form ask what a save would derive (Derive): what a
  // defaultFrom or a computed field reads of the record, among the fields the principal sees.
  const deriveOn = [
    ...new Set(
      model.table.fields.flatMap((f) =>
        [...(f.defaultFrom ? [f.defaultFrom] : []), ...(f.compute ? ruleFields(f.compute.expression) : [])].map(
          (n) => model.byName.get(n.split('.')[0].toLowerCase())?.name ?? '',
        ),
      ),
    ),
  ].filter((n) => n && access.get(n.toLowerCase()) !== 0);
  return {
    Properties: visible,
    Groups: groups,
    Tabs: form.tabs ?? [],
    Checks: checks,
    Confirms: confirms,
    ...(typeField ? { TypeField: typeField } : {}),
    ...(deriveOn.length ? { DeriveOn: deriveOn } : {}),
    ...readOnlyStates(model),
  };
}

/** The read-only states of the table's workflow, for the form to show such a record read-only. */
function readOnlyStates(model: TableModel): { ReadOnlyStates?: FormAnswer['ReadOnlyStates'] } {
  const wf = model.workflow;
  const values = wf?.def.states.filter((s) => s.readOnly).map((s) => s.value) ?? [];
  if (!wf || !values.length) return {};
  return { ReadOnlyStates: { Field: wf.field.name, Values: values, Children: wf.def.readOnlyChildren ?? [] } };
}
