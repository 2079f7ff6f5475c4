// The field and table dictionaries: system tables whose rows define site-layer tables and
// fields. A write to one rebuilds the site definitions of the table it names, checks them with
// the packs (field-dictionary limits, conflicts), and applies the schema, all in the write's
// own transaction; other processes follow through NOTIFY.
import type pg from 'pg';
import {
  evaluateRule,
  type Effective,
  type FieldDef,
  type Language,
  type TableDef,
} from '../../definitions/language/index.ts';
import { withTranslations } from '../metadata/translations.ts';
import { AppError, invalidFields, type FieldMessage } from '../errors.ts';
import type { HookedWrite, WriteHook } from '../data/write-hooks.ts';
import { engineTable } from '../data/table-sql.ts';
import { DefinitionsInvalid, registryOf, type Registry } from '../metadata/registry.ts';
import { readSiteRows, siteFile, writeSiteDefinition } from '../metadata/site-layer.ts';
import { applySchema, planSchema, SchemaChangeRefused } from '../metadata/sync/apply.ts';
import type { TableModel } from '../metadata/model.ts';
import { emitEvent, EVENT_TYPES } from '../data/events.ts';

/** Field-dictionary columns and the field attribute each sets. */
const FIELD_COLUMNS: [string, keyof FieldDef][] = [
  ['label', 'label'],
  ['fieldtype', 'type'],
  ['maxlength', 'maxLength'],
  ['integers', 'integers'],
  ['decimals', 'decimals'],
  ['list', 'list'],
  ['parentlist', 'parentList'],
  ['tab', 'tab'],
  ['columnnumber', 'column'],
  ['groupname', 'group'],
  ['width', 'width'],
  ['height', 'height'],
  ['format', 'format'],
  ['min', 'min'],
  ['max', 'max'],
  ['step', 'step'],
  ['unit', 'unit'],
];
/** Flags set only when on, so a row that relabels a pack field does not switch its flags off. */
const FLAG_COLUMNS: [string, keyof FieldDef][] = [
  ['required', 'required'],
  ['filter', 'filter'],
  ['productproperty', 'productProperty'],
];

const ATTRIBUTE_COLUMN: Record<string, string> = {
  type: 'FieldType',
  maxLength: 'MaxLength',
  integers: 'Integers',
  decimals: 'Decimals',
  list: 'List',
  parentList: 'ParentList',
  min: 'Min',
  max: 'Max',
  step: 'Step',
  options: 'FieldType',
  name: 'FieldName',
};

/**
 * A row of the table or field dictionary (`SELECT *`): the columns read by name here, and the
 * attribute columns of FIELD_COLUMNS and FLAG_COLUMNS, read by their names in those lists.
 */
interface DictionaryRow {
  autoid: number;
  tablename: string;
  fieldname: string;
  label: string | null;
  searchfields: string | null;
  archivable: boolean | null;
  enabled: boolean | null;
  defaultvalue: string | null;
  [column: string]: unknown;
}

function fieldOf(row: DictionaryRow): FieldDef {
  const field: FieldDef = { name: row.fieldname };
  for (const [col, attr] of FIELD_COLUMNS) {
    const value = row[col];
    if (value !== null && value !== undefined && value !== '')
      Object.assign(field, {
        [attr]: typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && attr !== 'label' ? Number(value) : value,
      });
  }
  for (const [col, attr] of FLAG_COLUMNS) if (row[col] === true) Object.assign(field, { [attr]: true });
  if (row.enabled === false) field.enabled = false;
  if (row.defaultvalue !== null && row.defaultvalue !== undefined && row.defaultvalue !== '') {
    const type = field.type;
    field.default =
      type === 'bool'
        ? row.defaultvalue === 'true'
        : ['smallint', 'integer', 'bigint', 'decimal', 'list'].includes(type ?? '')
          ? Number(row.defaultvalue)
          : row.defaultvalue;
  }
  return field;
}

/**
 * A dictionary row without the settings its own form hides (`visibleWhen`: a maximum length
 * left over after the type became a number), so what the administrator no longer sees is not
 * applied either.
 */
function applying(model: TableModel, row: DictionaryRow): DictionaryRow {
  const byName = Object.fromEntries(model.table.fields.map((f) => [f.name, row[f.sqlName]]));
  const out = { ...row };
  for (const field of model.table.fields)
    if (field.visibleWhen !== undefined && !evaluateRule(field.visibleWhen, byName)) out[field.sqlName] = null;
  return out;
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

const split = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The right of a table made in the table dictionary: 99.n, n the AutoID of its dictionary row, so
 * it stays when the table is renamed and is never given to another table after it is removed.
 */
export const dictionaryTableRight = (autoId: number | string) => `99.${autoId}`;

interface Dictionaries {
  fields: TableModel;
  tables: TableModel;
}

/** Every dictionary row of a table: the definitions are written from all of them, whoever saved. */
async function rows(client: pg.PoolClient, model: TableModel, tableName: string) {
  return (
    await client.query<DictionaryRow>(
      `SELECT * FROM ${engineTable(model.table)} WHERE lower(tablename) = lower($1) ORDER BY autoid`,
      [tableName],
    )
  ).rows;
}

/** Writes the site definitions of one table from its dictionary rows. */
async function rebuild(client: pg.PoolClient, dict: Dictionaries, tableName: string, by: string): Promise<void> {
  const [tableRow] = await rows(client, dict.tables, tableName);
  const fieldRows = await rows(client, dict.fields, tableName);
  const fields = fieldRows.map((row) => fieldOf(applying(dict.fields, row)));
  const name = tableRow?.tablename ?? tableName;
  let table: TableDef | null = null;
  if (tableRow) {
    const searchFields = split(tableRow.searchfields);
    table = {
      name,
      label: tableRow.label ?? name,
      right: dictionaryTableRight(tableRow.autoid),
      archivable: tableRow.archivable !== false,
      searchFields: searchFields.length ? searchFields : ['ID', 'Descr'],
      displayFields: ['Descr'],
      fields: [
        { name: 'ID', label: 'Code', type: 'text', maxLength: 20 },
        { name: 'Descr', label: 'Omschrijving', type: 'text', maxLength: 100 },
        ...fields.filter((f) => !['id', 'descr'].includes(f.name.toLowerCase())),
      ],
    };
  } else if (fields.length) {
    table = { name, extends: true, fields };
  }
  await writeSiteDefinition(client, 'table', name, table as Record<string, unknown> | null, by);
  // A table of its own is listed and has a screen, as every system table has.
  await writeSiteDefinition(
    client,
    'list',
    name,
    tableRow ? { name, table: name, textField: 'Descr', codeField: 'ID', archive: true } : null,
    by,
  );
  await writeSiteDefinition(
    client,
    'screen',
    name.toLowerCase(),
    tableRow
      ? { name: name.toLowerCase(), kind: 'systemtable', table: name, title: tableRow.label ?? name, parent: 'admin' }
      : null,
    by,
  );
  await writeLabelTranslations(
    client,
    [
      [dict.tables, tableRow ? [tableRow] : []],
      [dict.fields, fieldRows],
    ],
    by,
  );
}

/**
 * The site layer's rights: one per table of the table dictionary, named after its label, with
 * the actions of a table. Written whole from the dictionary, so a removed table's right goes too.
 */
async function writeTableRights(client: pg.PoolClient, dict: Dictionaries, by: string): Promise<void> {
  const found = (
    await client.query<Pick<DictionaryRow, 'autoid' | 'tablename' | 'label'>>(
      `SELECT autoid, tablename, label FROM ${engineTable(dict.tables.table)} ORDER BY autoid`,
    )
  ).rows;
  const rights = found.map((row) => ({
    code: dictionaryTableRight(row.autoid),
    name: `${row.label?.trim() || row.tablename} beheren`,
    actions: ['read', 'update', 'create', 'delete'],
  }));
  await writeSiteDefinition(client, 'rights', 'rights', rights.length ? { rights } : null, by);
}

/**
 * The label's translations typed in dictionary rows (the fields with a `contentLanguage`) go to
 * the site layer's translations, keyed by the Dutch label like every definition text. An emptied
 * box leaves the translation: the same Dutch text may be translated elsewhere.
 */
async function writeLabelTranslations(
  client: pg.PoolClient,
  sources: [TableModel, DictionaryRow[]][],
  by: string,
): Promise<void> {
  const byLanguage = new Map<Language, [string, string][]>();
  for (const [model, found] of sources) {
    const label = model.byName.get('label');
    if (!label) continue;
    for (const field of model.table.fields) {
      if (!field.contentLanguage) continue;
      for (const row of found) {
        const dutch = textOf(row[label.sqlName]);
        const translation = textOf(row[field.sqlName]);
        if (dutch && translation)
          byLanguage.set(field.contentLanguage, [
            ...(byLanguage.get(field.contentLanguage) ?? []),
            [dutch, translation],
          ]);
      }
    }
  }
  for (const [language, pairs] of byLanguage) {
    await writeSiteDefinition(
      client,
      'locale',
      language,
      (stored) => withTranslations(stored, language, 'definition', pairs),
      by,
    );
  }
}

function asFieldErrors(err: DefinitionsInvalid): AppError {
  const fields: Record<string, FieldMessage[]> = {};
  for (const p of err.problems) {
    const attr = /^\/fields\/[^/]+\/([^/]+)/.exec(p.pointer)?.[1];
    const column =
      (attr && ATTRIBUTE_COLUMN[attr]) ??
      (p.file.startsWith('site:table/') && p.pointer === '/name' ? 'TableName' : 'FieldName');
    // The administrator's words; a problem only implementers can cause is named by its rule.
    (fields[column] ??= []).push(p.said ?? { id: 'validation.definition', args: [p.rule] });
  }
  return invalidFields(fields);
}

/** The field of a dictionary row that names the table it is about. */
export const DICTIONARY_TABLE_FIELD = 'TableName';

/**
 * Which dictionary a table is: the field dictionary (its rows name a field, FieldName, of the
 * table in TableName), the table dictionary, or neither.
 */
export function dictionaryKind(table: Pick<TableDef, 'behaviour' | 'fields'>): 'fields' | 'tables' | null {
  if (table.behaviour !== 'site-dictionary') return null;
  return table.fields.some((f) => f.name === 'FieldName') ? 'fields' : 'tables';
}

function dictionaries(effective: Effective, registry: Registry): Dictionaries {
  const own = [...effective.tables.values()];
  const fields = own.find((t) => dictionaryKind(t) === 'fields');
  const tables = own.find((t) => dictionaryKind(t) === 'tables');
  if (!fields || !tables)
    throw new Error('the site-dictionary behaviour needs a field dictionary and a table dictionary table');
  return { fields: registry.snapshot.table(fields.name)!, tables: registry.snapshot.table(tables.name)! };
}

/**
 * A refused change, in the administrator's words: the field and table by their labels (as the
 * definitions had them before the change), and how many rows hold a value.
 */
function dataLoss(before: Effective, rows: number, sqlTable: string, sqlColumn: string | undefined): FieldMessage {
  const table = [...before.tables.values()].find((t) => t.sqlName === sqlTable);
  const tableLabel = table?.label ?? table?.name ?? sqlTable;
  if (!sqlColumn) return { id: 'definition.data_loss_table', args: [rows, tableLabel] };
  const field = table?.fields.find((f) => f.sqlName === sqlColumn);
  return { id: 'definition.data_loss', args: [rows, field?.label ?? field?.name ?? sqlColumn, tableLabel] };
}

/**
 * A dictionary row written or deleted: the site definitions of the tables it names (before and
 * after) are written again, checked and applied in the write's transaction.
 */
async function dictionaryChanged(
  client: pg.PoolClient,
  { model, principal }: HookedWrite,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  const registry = registryOf(model);
  await client.query('SELECT pg_advisory_xact_lock(7405211)');
  // Open screens learn that forms and grids may have changed, once this commits.
  await emitEvent(client, { type: EVENT_TYPES.DefinitionsChanged });
  // A schema change (an index on a large table) may take longer than other statements may.
  await client.query('SET LOCAL statement_timeout = 0');
  const dict = dictionaries(registry.snapshot.effective, registry);
  const names = new Set([before?.TableName, after?.TableName].filter((n): n is string => typeof n === 'string'));
  for (const name of names) await rebuild(client, dict, name, principal.username);
  await writeTableRights(client, dict, principal.username);
  const siteRows = await readSiteRows(client);
  const composed = (() => {
    try {
      return registry.compose(siteRows);
    } catch (err) {
      // The change makes the definitions invalid as a whole (a search field that is no text
      // any more, a length on a number): the administrator's input error, on its field.
      if (err instanceof DefinitionsInvalid) throw asFieldErrors(err);
      throw err;
    }
  })();
  const { effective, siteConflicts } = composed;
  const mine = siteConflicts.filter((p) =>
    [...names].some((n) => p.file.toLowerCase() === siteFile('table', n).toLowerCase()),
  );
  if (mine.length) throw asFieldErrors(new DefinitionsInvalid(mine));
  try {
    await applySchema(client, await planSchema(client, effective), { by: principal.username });
  } catch (err) {
    if (err instanceof SchemaChangeRefused) {
      throw invalidFields({
        FieldType: err.refusals.map((r) => dataLoss(registry.snapshot.effective, r.rows, r.step.table, r.step.column)),
      });
    }
    throw err;
  }
}

export const dictionaryHook: WriteHook = {
  afterWrite: (client, write) => dictionaryChanged(client, write, write.before, write.after),
  afterDelete: (client, write) => dictionaryChanged(client, write, write.before, null),
  // Definitions changed: this process reloads once the change committed; others on NOTIFY.
  afterCommit: async (model) => {
    await registryOf(model).refresh();
  },
};
