// What a handler needs for one request: the current definitions and the acting principal.
import type { FastifyRequest } from 'fastify';
import { requestLanguage, type Language, type Translate } from '../../definitions/language/index.ts';
import { translatorFor } from '../texts.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/index.ts';
import type { Engine } from '../engine.ts';
import { notAuthenticated, unknownControl } from '../errors.ts';
import type { Labels } from './errors.ts';

/** The cookie the runtime keeps the user's language in (spec 1 §1). */
export const CULTURE_COOKIE = 'Culture';

export interface CallContext {
  snapshot: Snapshot;
  principal: Principal;
  model: TableModel;
}

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
export const tablesOf = (engine: Engine) => (name: string) =>
  engine.registry.snapshot.effective.tables.get(name.toLowerCase());

/** The language of a request (culture cookie, else Accept-Language, else Dutch). */
export const languageOf = (request: FastifyRequest): Language =>
  requestLanguage(request.cookies?.[CULTURE_COOKIE], request.headers['accept-language']);

/** Definition texts in the request's language, Dutch where a text has no translation. */
export function translateFor(engine: Engine, request: FastifyRequest): { language: Language; t: Translate } {
  const language = languageOf(request);
  return { language, t: translatorFor(engine.registry.snapshot.effective, language) };
}

/** Fields of the call's table and tables by name, as the user reads them (for error texts). */
export function labelsFor(engine: Engine, request: FastifyRequest): Labels {
  const control = (request.params as { control?: unknown } | undefined)?.control;
  const { snapshot } = engine.registry;
  const model = typeof control === 'string' ? snapshot.table(control) : undefined;
  const { t } = translateFor(engine, request);
  return {
    field: (name) => {
      const found = model?.byName.get(name.toLowerCase());
      return found ? t(found.label ?? found.name) : undefined;
    },
    table: (name) => {
      const key = name.toLowerCase();
      const found =
        snapshot.effective.tables.get(key) ?? [...snapshot.effective.tables.values()].find((x) => x.sqlName === key);
      return found ? t(found.label ?? found.name) : undefined;
    },
    text: (source) => t(source),
  };
}
