// What a handler needs for one request: the current definitions and the acting principal.
import type { FastifyRequest } from 'fastify';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/index.ts';
import type { Engine } from '../engine.ts';
import { notAuthenticated, unknownControl } from '../errors.ts';

export interface CallContext { snapshot: Snapshot; principal: Principal; model: TableModel }

export function tableContext(engine: Engine, request: FastifyRequest, control: string): CallContext {
  const snapshot = engine.registry.snapshot;
  const model = snapshot.table(control);
  if (!model) throw unknownControl(control);
  return { snapshot, principal: principalOf(request), model };
}

export const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
};

/** The acting principal of a request, set by the session guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
}

/** The tables of the definitions of the moment, by name: row limits resolve their paths with it. */
export const tablesOf = (engine: Engine) => (name: string) => engine.registry.snapshot.effective.tables.get(name.toLowerCase());
