// Checks of the effective definitions that a JSON Schema cannot express: references
// between definitions, field-dictionary limits, and the fields rules may read.
import { fieldRuleErrors } from './field-types.ts';
import type { Effective, EffectiveTable, Origin } from './layering.ts';
import { ruleProblems } from './rules.ts';
import { isTableCatalogue } from './catalogues.ts';
import { recordProblems } from './check-records.ts';
import { einvoiceReceiveProblems } from './check-einvoice-receive.ts';
import { settingDefaultProblems } from './check-setting-defaults.ts';
import { planningProblems } from './check-planning.ts';
import { reportProblems } from './report.ts';
import { chartProblems } from './chart.ts';
import { summaryProblems } from './check-summaries.ts';
import type { Said } from './messages.ts';
import type { DefinitionProblem } from './validate.ts';

/** System columns every pack table has; definitions may not declare fields of these names. */
export const SYSTEM_FIELDS = ['AutoID', 'TimeStamp', 'CreateDate', 'CreatedBy', 'ModifiedBy', 'Archive'] as const;
const SYSTEM = new Set(SYSTEM_FIELDS.map((f) => f.toLowerCase()));

/**
 * Names a field may not have: the members every JavaScript object has (a record keyed by
 * field name would find them on any record) and prototype keys.
 */
const RESERVED = new Set(
  [...Object.getOwnPropertyNames(Object.prototype), 'prototype', '__proto__'].map((n) => n.toLowerCase()),
);

const fileOf = (o: Origin | undefined) => o?.file ?? '(unknown)';

function tableProblems(eff: Effective, table: EffectiveTable): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const at = (attr: string, o: Origin | undefined, message: string, rule: string, said: Said) =>
    problems.push({ file: fileOf(o), pointer: `/${attr}`, rule, message: `table ${table.name}: ${message}`, said });
  const names = new Set(table.fields.map((f) => f.name.toLowerCase()));
  const notAField = (attr: string, name: string): Said => ({
    id: 'definition.field_reference',
    args: [attr, name, table.name],
  });
  const seen = new Set<string>();
  for (const field of table.fields) {
    const where = (attr: string) => ({
      file: fileOf(field.origin[attr] ?? field.origin.name),
      pointer: `/fields/${field.name}/${attr}`,
    });
    const named = { id: 'definition.system_field', args: [field.name] } as const;
    if (SYSTEM.has(field.sqlName))
      problems.push({
        ...where('name'),
        rule: 'system-field',
        message: `field ${field.name} is a system column`,
        said: named,
      });
    if (RESERVED.has(field.sqlName))
      problems.push({
        ...where('name'),
        rule: 'reserved-name',
        message: `field ${field.name} has a reserved name`,
        said: { ...named, id: 'definition.reserved_name' },
      });
    if (seen.has(field.sqlName)) {
      problems.push({
        ...where('name'),
        rule: 'unique-field',
        message: `field ${field.name} is defined twice (names are case-insensitive)`,
        said: { ...named, id: 'definition.field_twice' },
      });
    }
    seen.add(field.sqlName);
    for (const { attr, message, said } of fieldRuleErrors(field)) {
      problems.push({ ...where(attr), rule: 'field-dictionary', message: `field ${field.name}: ${message}`, said });
    }
    if (field.type === 'list' && field.list && !eff.lists.has(field.list.toLowerCase())) {
      problems.push({
        ...where('list'),
        rule: 'list-reference',
        message: `field ${field.name} names list ${field.list}, which is not defined`,
        said: { id: 'definition.list_missing', args: [field.name, field.list] },
      });
    }
    // A catalogue's codes are text; an action field names the field whose catalogue entry it acts on.
    if (field.catalogue && field.type !== 'text') {
      problems.push({
        ...where('catalogue'),
        rule: 'catalogue',
        message: `field ${field.name}: a catalogue field is a text field, not ${field.type}`,
      });
    }
    if (field.defaultRow) {
      const list = field.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
      const ref = list ? eff.tables.get(list.table.toLowerCase()) : undefined;
      const unknown = Object.keys(field.defaultRow).filter((name) => !ref?.fields.some((f) => f.name === name));
      if (!ref || unknown.length)
        problems.push({
          ...where('defaultRow'),
          rule: 'field-reference',
          message: ref
            ? `field ${field.name}: defaultRow names ${unknown.join(', ')}, which is no field of ${ref.name}`
            : `field ${field.name}: defaultRow is for a list field`,
        });
    }
    if (isTableCatalogue(field.catalogue) !== Boolean(field.catalogueOf)) {
      problems.push({
        ...where('catalogueOf'),
        rule: 'catalogue',
        message: `field ${field.name}: catalogueOf goes with catalogue fields or tabs, and they with it`,
      });
    } else if (field.catalogueOf) {
      const tableField = table.fields.find((f) => f.name.toLowerCase() === field.catalogueOf!.toLowerCase());
      if (tableField?.catalogue !== 'tables') {
        problems.push({
          ...where('catalogueOf'),
          rule: 'field-reference',
          message: `field ${field.name}: catalogueOf names ${field.catalogueOf}, which is no field of this table with catalogue tables`,
        });
      }
    }
    if (field.actionsOf) {
      const coded = table.fields.find((f) => f.name.toLowerCase() === field.actionsOf!.toLowerCase());
      if (!coded?.catalogue) {
        problems.push({
          ...where('actionsOf'),
          rule: 'field-reference',
          message: `field ${field.name}: actionsOf names ${field.actionsOf}, which is no field of this table with a catalogue`,
        });
      }
      if (field.type !== 'select' && field.type !== 'text') {
        problems.push({
          ...where('actionsOf'),
          rule: 'catalogue',
          message: `field ${field.name}: an action field is a select or text field, not ${field.type}`,
        });
      }
    }
    const own = new Set(table.fields.map((f) => f.name).concat(SYSTEM_FIELDS));
    for (const attr of ['visibleWhen', 'enabledWhen', 'requiredWhen'] as const) {
      for (const p of ruleProblems(field[attr], own)) {
        problems.push({
          file: where(attr).file,
          pointer: `${where(attr).pointer}${p.pointer}`,
          rule: 'rule',
          message: `field ${field.name}: ${p.message}`,
          said: { id: p.said.id, args: [field.name, ...p.said.args] },
        });
      }
    }
  }
  const known = (name: string) => names.has(name.toLowerCase()) || SYSTEM.has(name.toLowerCase());
  for (const attr of ['searchFields', 'displayFields'] as const) {
    for (const name of table[attr] ?? []) {
      if (!names.has(name.toLowerCase()))
        at(
          attr,
          table.origin[attr],
          `${attr} names ${name}, which is not a field`,
          'field-reference',
          notAField(attr, name),
        );
    }
  }
  for (const name of table.searchFields ?? []) {
    const field = table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (field && !['text', 'textarea', 'html', 'select'].includes(field.type)) {
      at('searchFields', table.origin.searchFields, `search field ${name} is not a text field`, 'search-field', {
        id: 'definition.search_field',
        args: [name],
      });
    }
  }
  if (table.defaultSort && !known(table.defaultSort.split(' ')[0])) {
    at(
      'defaultSort',
      table.origin.defaultSort,
      `defaultSort names an unknown field`,
      'field-reference',
      notAField('defaultSort', table.defaultSort.split(' ')[0]),
    );
  }
  for (const index of table.indexes ?? []) {
    for (const name of index.fields) {
      if (!known(name))
        at(
          'indexes',
          table.origin.indexes,
          `index names ${name}, which is not a field`,
          'field-reference',
          notAField('indexes', name),
        );
    }
  }
  return problems;
}

export function effectiveProblems(eff: Effective): DefinitionProblem[] {
  const problems: DefinitionProblem[] = eff.conflicts.map((c) => ({
    file: c.file,
    pointer: c.pointer,
    rule: 'layer-conflict',
    message: c.message,
    said: c.said,
  }));
  for (const table of eff.tables.values()) problems.push(...tableProblems(eff, table));
  const fieldOf = (tableName: string, field: string) => {
    const table = eff.tables.get(tableName.toLowerCase());
    return (
      table &&
      (table.fields.some((f) => f.name.toLowerCase() === field.toLowerCase()) || SYSTEM.has(field.toLowerCase()))
    );
  };
  const refer = (file: string, pointer: string, tableName: string, fields: string[], what: string) => {
    if (!eff.tables.has(tableName.toLowerCase())) {
      problems.push({
        file,
        pointer: '/table',
        rule: 'table-reference',
        message: `${what} names table ${tableName}, which is not defined`,
      });
      return;
    }
    for (const f of fields) {
      if (!fieldOf(tableName, f))
        problems.push({
          file,
          pointer,
          rule: 'field-reference',
          message: `${what} names ${f}, which is not a field of ${tableName}`,
        });
    }
  };
  for (const { value: list, origin } of eff.lists.values()) {
    refer(
      fileOf(origin.name),
      '/textField',
      list.table,
      [
        list.textField,
        ...(list.codeField ? [list.codeField] : []),
        ...Object.values(list.parameters ?? {}),
        ...(list.context ?? []),
      ],
      `list ${list.name}`,
    );
  }
  for (const { value: form, origin } of eff.forms.values()) {
    refer(
      fileOf(origin.groups ?? origin.name),
      '/groups',
      form.table,
      form.groups.flatMap((g) => g.fields),
      `form ${form.name}`,
    );
  }
  for (const { value: grid, origin } of eff.grids.values()) {
    refer(
      fileOf(origin.layouts ?? origin.name),
      '/layouts',
      grid.table,
      grid.layouts.flatMap((l) => l.Columns.map((c) => c.FieldName)),
      `grid ${grid.name}`,
    );
    if (grid.summaries)
      refer(
        fileOf(origin.summaries ?? origin.name),
        '/summaries',
        grid.table,
        grid.summaries.flatMap((s) => [
          ...s.groupBy.map((g) => g.FieldName),
          ...s.measures.flatMap((m) => (m.Aggregate === 'sum' ? [m.FieldName] : [])),
        ]),
        `grid ${grid.name}`,
      );
    if (grid.card) refer(fileOf(origin.card ?? origin.name), '/card', grid.table, grid.card, `grid ${grid.name}`);
  }
  for (const { value: screen, origin } of eff.screens.values()) {
    if (screen.table) refer(fileOf(origin.table ?? origin.name), '/table', screen.table, [], `screen ${screen.name}`);
    if (screen.settings)
      refer(fileOf(origin.settings ?? origin.name), '/settings', screen.settings, [], `screen ${screen.name}`);
    if (screen.monitors)
      refer(fileOf(origin.monitors ?? origin.name), '/monitors', screen.monitors, [], `screen ${screen.name}`);
    for (const [action, right] of Object.entries(screen.rights ?? {})) {
      const def = eff.rights.get(right)?.value;
      if (!def)
        problems.push({
          file: fileOf(origin.rights),
          pointer: '/rights',
          rule: 'right-reference',
          message: `screen ${screen.name} names right ${right}, which is not in the catalogue`,
        });
      // A right that lacks the action could never be granted for it: the screen would open for no one but full access.
      else if (def.actions && !def.actions.includes(action as never))
        problems.push({
          file: fileOf(origin.rights),
          pointer: `/rights/${action}`,
          rule: 'right-action',
          message: `screen ${screen.name} needs ${action} of right ${right}, which offers only ${def.actions.join(', ')}`,
        });
    }
  }
  for (const { value: right, origin } of eff.rights.values()) {
    for (const code of right.requires ?? []) {
      if (eff.rights.has(code) && code !== right.code) continue;
      problems.push({
        file: fileOf(origin.requires ?? origin.code),
        pointer: '/rights',
        rule: 'right-reference',
        message: `right ${right.code} requires ${code}, which ${code === right.code ? 'is itself' : 'is not in the catalogue'}`,
      });
    }
  }
  for (const table of eff.tables.values()) {
    const def = table.right ? eff.rights.get(table.right)?.value : undefined;
    if (table.right && !def) {
      problems.push({
        file: fileOf(table.origin.right),
        pointer: '/right',
        rule: 'right-reference',
        message: `table ${table.name} names right ${table.right}, which is not in the catalogue`,
      });
    } else if (def?.actions && !def.actions.includes('read')) {
      problems.push({
        file: fileOf(table.origin.right),
        pointer: '/right',
        rule: 'right-action',
        message: `table ${table.name} names right ${table.right}, which cannot be granted to read it (it offers ${def.actions.join(', ')})`,
      });
    }
  }
  for (const { value: seed, origin } of eff.seeds) {
    const fields = [...new Set(seed.rows.flatMap((r) => Object.keys(r)))];
    refer(origin.file, '/rows', seed.table, [...[seed.key].flat(), ...fields], `seed of ${seed.table}`);
  }
  problems.push(...recordProblems(eff));
  problems.push(...einvoiceReceiveProblems(eff));
  problems.push(...settingDefaultProblems(eff));
  problems.push(...reportProblems(eff));
  problems.push(...chartProblems(eff));
  problems.push(...planningProblems(eff));
  problems.push(...summaryProblems(eff));
  return problems;
}
