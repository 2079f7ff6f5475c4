// MikroORM on PostgreSQL for the core tables, with their migrations applied at start.
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { MIGRATIONS } from '../../migrations/index.ts';
import { CORE_ENTITIES } from './entities.ts';

export async function openOrm(clientUrl: string): Promise<MikroORM> {
  const orm = await MikroORM.init({
    clientUrl,
    entities: CORE_ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, silent: true, snapshot: false },
    discovery: { warnWhenNoEntities: false },
    debug: false,
    pool: { min: 0, max: 5 },
  });
  await orm.getMigrator().up();
  return orm;
}
