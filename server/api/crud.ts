// The generic calls of every pack table under mvc/{ControlName}: GetForm, GetNew, GetItem,
// save, delete and GetFlexData. No table is named here; the definitions decide.
import type { FastifyInstance } from 'fastify';
import { flexData } from '../data/flex.ts';
import { authorize, autoIdOf, blankRecord, deleteRecord, readRecord, saveRecord } from '../data/records.ts';
import { compileForm } from '../metadata/form.ts';
import type { Engine } from '../engine.ts';
import { bodyOf, tableContext } from './context.ts';

type Params = { control: string };

export function crudRoutes(app: FastifyInstance, engine: Engine): void {
  app.get<{ Params: Params }>('/mvc/:control/GetForm', async (request) => {
    const { snapshot, principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    return compileForm(snapshot, model, blankRecord(model));
  });

  app.post<{ Params: Params }>('/mvc/:control/GetNew', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    return blankRecord(model);
  });

  app.post<{ Params: Params }>('/mvc/:control/GetItem', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    return readRecord(engine.pool, model, principal, autoIdOf(request.body, request.query));
  });

  app.post<{ Params: Params }>('/mvc/:control/save', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    return saveRecord(engine.pool, model, principal, request.body);
  });

  app.post<{ Params: Params }>('/mvc/:control/delete', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    await deleteRecord(engine.pool, model, principal, autoIdOf(request.body, request.query));
    return {};
  });

  app.post<{ Params: Params }>('/mvc/:control/GetFlexData', async (request) => {
    const { principal, model } = tableContext(engine, request, request.params.control);
    authorize(model, principal, 'read');
    return flexData(engine.pool, model, principal, bodyOf(request));
  });
}
