// What a handler needs for one request: the current definitions and the acting principal.
import type { FastifyRequest } from 'fastify';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import { principalOf } from '../security/index.ts';
import type { Principal } from '../security/principal.ts';
import type { Engine } from '../engine.ts';
import { unknownControl } from './errors.ts';

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
