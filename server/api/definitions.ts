// The state of the effective definitions: version and site-layer conflicts, for
// administrators and implementers.
import type { FastifyInstance } from 'fastify';
import {
  documentsTable,
  LANGUAGES,
  SOURCE_LANGUAGE,
  translateDeep,
  type Effective,
  type Language,
  type ScreenDef,
} from '../../definitions/language/index.ts';
import { DICTIONARY_TABLE_FIELD, dictionaryKind } from '../behaviours/index.ts';
import { ident } from '../db/sql.ts';
import { engineTable } from '../data/table-sql.ts';
import type { Engine } from '../engine.ts';
import { forbidden, notFound } from '../errors.ts';
import type { TableModel } from '../metadata/model.ts';
import { principalOf, translateFor } from './context.ts';
import { settingDefaults } from '../business/index.ts';
import type { Principal } from '../security/index.ts';
import { activeModules } from '../security/modules.ts';

/**
 * A screen with what the runtime needs of its table's workflow: whether it has one, and for an
 * action that makes a transition, the transition's prompts and warning (the action's own first);
 * and whether a user can add a record at all (`addable`: a table whose every field the server
 * fills, such as import tasks, is not).
 */
function withTransitions(
  screen: ScreenDef,
  model: TableModel | undefined,
  effective: Effective,
): ScreenDef & { workflow: boolean; addable: boolean; dataSourceSwitch: boolean } {
  const transitions = model?.workflow?.def.transitions ?? [];
  const actions = screen.actions?.map((a) => {
    const t = a.transition ? transitions.find((x) => x.name === a.transition) : undefined;
    if (t) return { ...a, prompts: a.prompts ?? t.prompts, warning: t.warning };
    // A choosing action warns as the first of its transitions that has a warning.
    const chosen = Object.values(a.choose?.transitions ?? {});
    const warning = transitions.find((x) => chosen.includes(x.name) && x.warning)?.warning;
    return warning ? { ...a, warning } : a;
  });
  // A documents tab says which table holds the documents and which two fields name their record.
  const tabs = screen.tabs?.map((tab) => {
    // A grid of row limits says so: the record's screen asks which of them name nothing valid.
    if (tab.kind === 'grid')
      return [effective.tables.get(tab.table.toLowerCase())?.behaviour].flat().includes('row-limit')
        ? { ...tab, rowLimits: true }
        : tab;
    if (tab.kind !== 'documents') return tab;
    const table = documentsTable(effective, tab);
    return table?.belongsTo ? { ...tab, table: table.name, belongsTo: table.belongsTo } : tab;
  });
  const addable = !model || model.table.fields.some((f) => f.enabled !== false);
  // An archived row must stay findable: every list screen of an archivable table offers Active,
  // Archive and All, unless its definition says otherwise (a settings page shows one record).
  const dataSourceSwitch =
    screen.dataSourceSwitch ??
    (!!model?.table.archivable && ['maintenance', 'systemtable', 'detail'].includes(screen.kind));
  // The field dictionary's screen says so: a table's own screen offers "Velden aanpassen", which
  // opens it on that table's fields (its rows name the table in TableName).
  const dictionary = model ? dictionaryKind(model.table) : null;
  return {
    ...screen,
    ...(actions ? { actions } : {}),
    ...(tabs ? { tabs } : {}),
    workflow: !!model?.workflow,
    addable,
    dataSourceSwitch,
    ...(dictionary === 'fields' ? { fieldDictionary: { tableField: DICTIONARY_TABLE_FIELD } } : {}),
  };
}

export function definitionRoutes(app: FastifyInstance, engine: Engine): void {
  // A prompt default that names a setting is offered as the setting stands, when the user may read it.
  const withSettingDefaults = async <S extends ScreenDef>(screen: S, principal: Principal): Promise<S> => {
    const model = screen.table ? engine.registry.snapshot.table(screen.table) : undefined;
    if (!model || !screen.actions?.some((a) => a.prompts?.some((p) => String(p.default).startsWith('$settings.'))))
      return screen;
    const tableOf = (name: string) => engine.registry.snapshot.table(name);
    const actions = [];
    for (const a of screen.actions)
      actions.push({ ...a, prompts: await settingDefaults(engine.pool, model, a.prompts, tableOf, principal) });
    return { ...screen, actions };
  };

  // The route table and menu of the runtime: every screen with its title, parent and rights.
  app.get('/mvc/definitions/screens', async (request) => {
    const { effective } = engine.registry.snapshot;
    const principal = principalOf(request);
    const active = new Set(activeModules());
    const { t } = translateFor(engine, request);
    // Only the screens the user may read: a screen's read right, else its table's.
    const screens = [...effective.screens.values()]
      .map((s) => s.value)
      // A screen of a module the licence does not activate is not offered (its calls are refused too).
      .filter((s) => !s.module || active.has(s.module))
      .filter((s) =>
        principal.can(s.rights?.read ?? (s.table && effective.tables.get(s.table.toLowerCase())?.right), 'read'),
      )
      .sort((a, b) => a.title.localeCompare(b.title, 'nl'))
      // A tab that needs a right of its own (a status log, a dashboard) is offered only with it.
      .map((s) =>
        s.tabs?.some((tab) => tab.right)
          ? { ...s, tabs: s.tabs.filter((tab) => !tab.right || principal.can(tab.right, 'read')) }
          : s,
      )
      .map((s) => withTransitions(s, s.table ? engine.registry.snapshot.table(s.table) : undefined, effective))
      // Titles, tabs and actions in the user's language, Dutch where a text has no translation.
      .map((s) => translateDeep(s, t));
    return { Screens: await Promise.all(screens.map((s) => withSettingDefaults(s, principal))) };
  });

  // The languages the product offers (spec 3 §3 content languages): the active rows of the table
  // that lists them (its `contentLanguages`), else all nine. Dutch is always among them. Read by
  // the engine for everyone, signed in or not: a language code is the product's, no row's data.
  app.get('/mvc/definitions/languages', async () => {
    const { effective } = engine.registry.snapshot;
    const table = [...effective.tables.values()].find((t) => t.contentLanguages);
    if (!table) return { Languages: [...LANGUAGES], Default: SOURCE_LANGUAGE };
    const spec = table.contentLanguages!;
    const column = (name: string) =>
      ident(table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())!.sqlName);
    const where = [
      ...(spec.status ? [`${column(spec.status.field)} = $1`] : []),
      ...(table.archivable ? ['archive = false'] : []),
    ];
    const rows = (
      await engine.pool.query<{ culture: string | null; is_default: boolean | null }>(
        `SELECT ${column(spec.culture)} AS culture, ${spec.isDefault ? column(spec.isDefault) : 'false'} AS is_default FROM ${engineTable(table)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
        spec.status ? [spec.status.active] : [],
      )
    ).rows;
    const offered = new Set<Language>([SOURCE_LANGUAGE]);
    let fallback: Language = SOURCE_LANGUAGE;
    for (const row of rows) {
      const language = LANGUAGES.find((l) => l === (row.culture ?? '').trim().toLowerCase().split(/[-_]/)[0]);
      if (!language) continue;
      offered.add(language);
      if (row.is_default) fallback = language;
    }
    return { Languages: LANGUAGES.filter((l) => offered.has(l)), Default: fallback };
  });

  // A table's fields as the field dictionary shows them beside its own rows: every field with the
  // layer that defines it and the layer its label comes from, labels in the user's language. For
  // who may read the field dictionary.
  app.get<{ Querystring: { table: string } }>('/mvc/definitions/fields', async (request) => {
    const { snapshot } = engine.registry;
    const dictionary = [...snapshot.effective.tables.values()].find((t) => dictionaryKind(t) === 'fields');
    if (!dictionary || !principalOf(request).can(dictionary.right, 'read')) throw forbidden();
    const model = snapshot.table(request.query.table);
    if (!model) throw notFound();
    const { t } = translateFor(engine, request);
    // A type by the words the dictionary's own type choice uses for it.
    const types = dictionary.fields.find((f) => f.name === 'FieldType')?.options ?? [];
    const typeLabel = (type: string) => t(types.find((o) => o.value === type)?.label ?? type);
    return {
      Table: model.table.name,
      Label: t(model.table.label ?? model.table.name),
      Fields: model.table.fields.map((f) => ({
        FieldName: f.name,
        Label: t(f.label ?? f.name),
        FieldType: f.type,
        TypeLabel: typeLabel(f.type),
        Required: f.required === true,
        Origin: (f.origin.type ?? f.origin.name)?.layer ?? null,
        LabelOrigin: f.origin.label?.layer ?? null,
      })),
    };
  });

  app.get('/mvc/definitions/status', async () => {
    const snapshot = engine.registry.snapshot;
    return {
      Version: snapshot.version,
      Packs: engine.registry.packs.packs.map((p) => ({ Name: p.name, Version: p.version })),
      Tables: snapshot.effective.tables.size,
      SiteConflicts: snapshot.siteConflicts,
    };
  });
}
