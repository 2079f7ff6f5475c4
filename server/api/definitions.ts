// The state of the effective definitions: version and site-layer conflicts, for
// administrators and implementers.
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engine.ts';
import { principalOf } from './context.ts';

export function definitionRoutes(app: FastifyInstance, engine: Engine): void {
  // The route table and menu of the runtime: every screen with its title, parent and rights.
  app.get('/mvc/definitions/screens', async (request) => {
    const { effective } = engine.registry.snapshot;
    const principal = principalOf(request);
    // Only the screens the user may read: a screen's read right, else its table's.
    const screens = [...effective.screens.values()].map((s) => s.value)
      .filter((s) => principal.can(s.rights?.read ?? effective.tables.get(s.table.toLowerCase())?.right, 'read'))
      .sort((a, b) => a.title.localeCompare(b.title, 'nl'));
    return { Screens: screens };
  });

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
