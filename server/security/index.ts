// The security module's public entry: the acting principal of a request, set by the session guard.
import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from './guard.ts';
import { SYSTEM_PRINCIPAL, type Principal } from './principal.ts';

export type { Principal, SqlFilter } from './principal.ts';
export { SYSTEM_PRINCIPAL };
export { sessionGuard } from './guard.ts';

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
}
