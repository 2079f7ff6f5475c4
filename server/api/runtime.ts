// Serves the built runtime (runtime/dist) on the API's port: its files, and index.html for any
// other page address, since the runtime's router lives in memory.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const RUNTIME_DIST = path.resolve(import.meta.dirname, '..', '..', 'runtime', 'dist');

export async function runtimeRoutes(app: FastifyInstance, dist = RUNTIME_DIST): Promise<boolean> {
  if (!existsSync(path.join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: ['index.html'] });
  return true;
}

/** A page address (not a call, not a file) answers the runtime's entry page. */
export function isPageRequest(method: string, url: string): boolean {
  return method === 'GET' && !url.toLowerCase().startsWith('/mvc/') && !path.extname(url.split('?')[0]);
}
