// The security module's public entry: principals, what they may do, sessions and their caches.
export type { Principal, SqlFilter } from './principal.ts';
export { readingAlso, SYSTEM_PRINCIPAL } from './principal.ts';
