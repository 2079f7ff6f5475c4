// The generic calls of every pack table under mvc/{ControlName}: GetForm, GetNew, GetItem,
// save, delete and GetFlexData. No table is named here; the definitions decide.
import type { FastifyInstance } from 'fastify';
import { flexData } from '../data/flex.ts';
import { hiddenFields, withoutHidden } from '../data/access.ts';
import { authorize, autoIdOf, blankRecord, readRecord } from '../data/records.ts';
import { deleteRecord, saveRecord } from '../data/write.ts';
import { withCatalogueTexts } from '../data/catalogues.ts';
import { deriveValues } from '../data/derive.ts';
import { fillDefaultRows } from '../data/default-rows.ts';
import { compileForm } from '../metadata/form.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Engine } from '../engine.ts';
import { bodyOf, tableContext, translateFor } from './context.ts';
import { translateAnswer } from '../../definitions/language/index.ts';

type Params = { control: string };

export function crudRoutes(app: FastifyInstance, engine: Engine): void {
  const forms = new WeakMap<TableModel, Map<string, string>>();
  app.get<{ Params: Params }>('/mvc/:control/GetForm', async (request, reply) => {
    const { snapshot, principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    // A form depends only on the definitions (a model is of one version) and the field limits.
    const access = principal.fieldAccess(model.table);
    const byAccess = forms.get(model) ?? new Map<string, string>();
    forms.set(model, byAccess);
    const { language, t } = translateFor(engine, request);
    const key = JSON.stringify([language, ...access]);
    let form = byAccess.get(key);
    if (form === undefined)
      byAccess.set(
        key,
        (form = JSON.stringify(translateAnswer(compileForm(snapshot, model, blankRecord(model), access), t))),
      );
    return reply.type('application/json; charset=utf-8').send(form);
  });

  app.post<{ Params: Params }>('/mvc/:control/GetNew', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    // A list field's default row (the status marked default) shows as the save will store it.
    const record = blankRecord(model);
    await fillDefaultRows(engine.pool, model, principal, record, true);
    return withoutHidden(record, hiddenFields(model, principal));
  });

  app.post<{ Params: Params }>('/mvc/:control/GetItem', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    const record = await readRecord(engine.pool, model, principal, autoIdOf(request.body, request.query));
    // A catalogue code's text (a right's name) is a definition text: in the user's language.
    return withCatalogueTexts(model, record, translateFor(engine, request).t);
  });

  app.post<{ Params: Params }>('/mvc/:control/save', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    const saved = await saveRecord(engine.pool, model, principal, request.body, {
      tableOf: (name) => engine.registry.snapshot.table(name),
    });
    engine.security.written(model.table.sqlName);
    return withCatalogueTexts(model, saved, translateFor(engine, request).t);
  });

  app.post<{ Params: Params }>('/mvc/:control/Derive', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    return deriveValues(engine.pool, model, principal, bodyOf(request), (name) => engine.registry.snapshot.table(name));
  });

  app.post<{ Params: Params }>('/mvc/:control/delete', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    await deleteRecord(engine.pool, model, principal, autoIdOf(request.body, request.query), (name) =>
      engine.registry.snapshot.table(name),
    );
    engine.security.written(model.table.sqlName);
    return {};
  });

  app.post<{ Params: Params }>('/mvc/:control/GetFlexData', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    // Column titles in the user's language; the rows are data, but for the names of catalogue codes
    // (searched in the user's language too).
    const { t } = translateFor(engine, request);
    const answer = await flexData(engine.pool, model, principal, bodyOf(request), engine.notifications.connected, t);
    return { Data: answer.Data.map((row) => withCatalogueTexts(model, row, t)), Meta: translateAnswer(answer.Meta, t) };
  });
}
