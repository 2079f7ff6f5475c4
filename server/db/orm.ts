// MikroORM's migrator for the engine's own tables, applied at start. MikroORM is used for its
// migrations only, with no entities: every statement, the engine's tables included, goes
// through the pool (pool.ts), as docs/architecture.md ("Database access") says why.
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { MIGRATIONS } from '../../migrations/index.ts';

/**
 * Brings the core tables up to date and closes again: MikroORM serves the migrations only, and a
 * pool of its own kept for the life of a process would take connections from every process.
 */
export async function migrate(clientUrl: string): Promise<void> {
  const orm = await MikroORM.init({
    clientUrl,
    entities: [],
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, silent: true, snapshot: false },
    discovery: { warnWhenNoEntities: false },
    debug: false,
    pool: { min: 0, max: 1 },
  });
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
}
