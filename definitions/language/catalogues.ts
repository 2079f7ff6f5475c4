// Catalogues of the definitions that a field's value may be a code of (a field's `catalogue`):
// `rights`, the effective rights by code. A save refuses any other value, the form picks an entry
// by its name, and a field with `actionsOf` holds one of the actions the chosen entry has.
import type { Effective } from './layering.ts';
import type { CatalogueName, RightAction, RightDef } from './types.ts';

export const CATALOGUES: readonly CatalogueName[] = ['rights'];

export const isCatalogue = (name: string): name is CatalogueName => (CATALOGUES as readonly string[]).includes(name);

const byEffective = new WeakMap<Effective, Map<CatalogueName, ReadonlyMap<string, RightDef>>>();

/** The entries of a catalogue by code, as the effective definitions have them. */
export function catalogueOf(eff: Effective, name: CatalogueName): ReadonlyMap<string, RightDef> {
  let known = byEffective.get(eff);
  if (!known) byEffective.set(eff, (known = new Map()));
  let entries = known.get(name);
  if (!entries) known.set(name, (entries = new Map([...eff.rights.values()].map(({ value }) => [value.code, value]))));
  return entries;
}

/**
 * The actions a grant of a right may name: the right's own, and createorupdate where the right
 * has both create and update (a grant of it grants both).
 */
export function grantableActions(right: RightDef): RightAction[] {
  const own = [...right.actions];
  if (own.includes('create') && own.includes('update') && !own.includes('createorupdate')) own.push('createorupdate');
  return own;
}
