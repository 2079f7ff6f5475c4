// The security module's public entry. Until users and sessions exist, every call acts as the
// system principal; the server binds to 127.0.0.1 by default for that reason.
import type { FastifyRequest } from 'fastify';
import { SYSTEM_PRINCIPAL, type Principal } from './principal.ts';

export type { Principal, SqlFilter } from './principal.ts';
export { SYSTEM_PRINCIPAL };

export function principalOf(_request: FastifyRequest): Principal {
  return SYSTEM_PRINCIPAL;
}
