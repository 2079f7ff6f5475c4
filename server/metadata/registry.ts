// The metadata registry: effective definitions (packs + site layer), checked, cached, and
// rebuilt when any process changes the site layer (LISTEN/NOTIFY).
import {
  LAYER_SLOTS,
  effectiveProblems,
  formatProblem,
  layer,
  type DefinitionProblem,
  type Effective,
  type EffectiveTable,
  type Layer,
  type LayerDoc,
  type ListDef,
} from '../../definitions/language/index.ts';
import type { Notifications } from '../db/notifications.ts';
import type { Queryable } from '../db/pool.ts';
import { compileTable, type TableModel } from './model.ts';
import type { LoadedPacks } from './packs.ts';
import { DEFINITIONS_CHANNEL, readSiteRows, siteLayer } from './site-layer.ts';

export class DefinitionsInvalid extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super(`definitions are invalid:\n${problems.map(formatProblem).join('\n')}`);
  }
}

export interface Snapshot {
  version: number;
  effective: Effective;
  /** Site-layer definitions left out because they conflict with the packs (e.g. after an upgrade). */
  siteConflicts: DefinitionProblem[];
  /** The site layer as the database holds it (its texts are translated like the packs'). */
  site: Layer;
  table(name: string): TableModel | undefined;
  list(name: string): ListDef | undefined;
}

/** Lays packs and the site layer; site definitions that break the result are left out and reported. */
export function compose(
  packLayers: Layer[],
  site: { layer: Layer; problems: DefinitionProblem[] },
): { effective: Effective; siteConflicts: DefinitionProblem[] } {
  const base = layer(packLayers);
  const packProblems = effectiveProblems(base);
  if (packProblems.length) throw new DefinitionsInvalid(packProblems);
  const siteConflicts = [...site.problems];
  let current = site.layer;
  for (;;) {
    const effective = layer([...packLayers, current]);
    const problems = effectiveProblems(effective);
    if (!problems.length) return { effective, siteConflicts };
    siteConflicts.push(...problems);
    const bad = new Set(problems.map((p) => p.file));
    const keep = <D extends { origin: { file: string } }>(docs: D[]) => docs.filter((d) => !bad.has(d.origin.file));
    const next: Layer = { ...current };
    for (const slot of LAYER_SLOTS)
      (next as unknown as Record<string, LayerDoc<unknown>[]>)[slot] = keep(current[slot] as LayerDoc<unknown>[]);
    const count = (l: Layer) => LAYER_SLOTS.reduce((n, slot) => n + l[slot].length, 0);
    if (count(next) === count(current)) throw new DefinitionsInvalid(problems);
    current = next;
  }
}

/** The registry each model was compiled by (a process may run more than one engine, as tests do). */
const owners = new WeakMap<TableModel, Registry>();

/** The registry whose definitions the model is of. */
export function registryOf(model: TableModel): Registry {
  const owner = owners.get(model);
  if (!owner) throw new Error(`the model of ${model.table.name} is of no registry`);
  return owner;
}

function snapshotOf(
  owner: Registry,
  version: number,
  effective: Effective,
  siteConflicts: DefinitionProblem[],
  site: Layer,
): Snapshot {
  const models = new Map<string, TableModel>();
  return {
    version,
    effective,
    siteConflicts,
    site,
    table(name) {
      const key = name.toLowerCase();
      const cached = models.get(key);
      if (cached) return cached;
      const table: EffectiveTable | undefined = effective.tables.get(key);
      if (!table) return undefined;
      const model = compileTable(effective, table);
      models.set(key, model);
      owners.set(model, owner);
      return model;
    },
    list: (name) => effective.lists.get(name.toLowerCase())?.value,
  };
}

export class Registry {
  private current!: Snapshot;
  private readonly onChange: (() => void)[] = [];

  private constructor(
    readonly packs: LoadedPacks,
    private readonly db: Queryable,
  ) {}

  static async open(packs: LoadedPacks, db: Queryable): Promise<Registry> {
    if (packs.problems.length) throw new DefinitionsInvalid(packs.problems);
    const registry = new Registry(packs, db);
    await registry.refresh();
    return registry;
  }

  get snapshot(): Snapshot {
    return this.current;
  }

  /** The effective definitions for a given site layer, without making them current. */
  compose(siteRows: Awaited<ReturnType<typeof readSiteRows>>) {
    return compose(this.packs.layers, siteLayer(siteRows));
  }

  async refresh(db: Queryable = this.db): Promise<Snapshot> {
    const site = siteLayer(await readSiteRows(db));
    const { effective, siteConflicts } = compose(this.packs.layers, site);
    this.current = snapshotOf(this, (this.current?.version ?? 0) + 1, effective, siteConflicts, site.layer);
    for (const fn of this.onChange) fn();
    return this.current;
  }

  changed(fn: () => void): void {
    this.onChange.push(fn);
  }

  /**
   * Follows site-layer changes made by any process on the same database; after a lost
   * connection it reloads, since a change may have gone by meanwhile.
   */
  listen(notifications: Notifications, log: (err: unknown) => void): void {
    const reload = () => {
      this.refresh().catch(log);
    };
    notifications.on(DEFINITIONS_CHANNEL, reload);
    notifications.reconnected(reload);
  }
}
