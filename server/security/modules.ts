// Which licence modules are active (spec 3 §6), for every check of a right in this process: a
// right, table or screen of a module that is not active is refused to every user, full access
// included, on every path (grids, items, lookups, views, imports, exports, events), because every
// path asks the principal's `can`. The active set comes from the activated licence, else from the
// installation's setting (LICENCE_MODULES); a saved licence reaches every process by a NOTIFY.
import { MODULE_CODES, type Effective, type ModuleCode } from '../../definitions/language/index.ts';

interface Gate {
  active: ReadonlySet<ModuleCode>;
  blocked: Map<string, ModuleCode>;
  effective: Effective | null;
  effectiveOf: () => Effective | null;
}

const gate: Gate = { active: new Set(MODULE_CODES), blocked: new Map(), effective: null, effectiveOf: () => null };

/** The right codes each module owns: its rights, and the rights of its tables and screens. */
function rightsOf(effective: Effective): Map<string, ModuleCode> {
  const out = new Map<string, ModuleCode>();
  for (const { value: right } of effective.rights.values()) if (right.module) out.set(right.code, right.module);
  for (const table of effective.tables.values()) if (table.module && table.right) out.set(table.right, table.module);
  for (const { value: screen } of effective.screens.values()) {
    if (!screen.module) continue;
    for (const code of Object.values(screen.rights ?? {})) if (code) out.set(code, screen.module);
  }
  return out;
}

function recompute(): void {
  gate.blocked = new Map();
  if (!gate.effective) return;
  for (const [code, module] of rightsOf(gate.effective)) if (!gate.active.has(module)) gate.blocked.set(code, module);
}

/** Where the definitions of the moment are: the rights of each module follow them. */
export function gateDefinitions(effectiveOf: () => Effective): void {
  gate.effectiveOf = effectiveOf;
  gate.effective = null;
}

/** The modules active now. */
export function setActiveModules(modules: readonly ModuleCode[]): void {
  gate.active = new Set(modules);
  recompute();
}

export const activeModules = (): ModuleCode[] => MODULE_CODES.filter((m) => gate.active.has(m));

/** The module that keeps a right from everyone now, if any. */
export function blockedBy(right: string | undefined): ModuleCode | null {
  if (!right) return null;
  const effective = gate.effectiveOf();
  if (effective !== gate.effective) {
    gate.effective = effective;
    recompute();
  }
  return gate.blocked.get(right) ?? null;
}
