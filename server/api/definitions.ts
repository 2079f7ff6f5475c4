// The state of the effective definitions: version and site-layer conflicts, for
// administrators and implementers.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';

export function definitionRoutes(app: FastifyInstance, engine: Engine): void {
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
