// Rights held only with others (spec 3 §5: "some workflow rights are combined so several are
// required together"; a right's `requires` in the catalogue, followed through: what a required
// right requires is required too; rights that require each other are one set). A group's grants hold
// such a right only while they hold every right it requires, on every path, because every path asks
// the principal's `can`; and a write of grants that leaves a group holding a right without what it
// requires is refused (behaviours/required-rights.ts).
import type { Effective, RightAction } from '../../definitions/language/index.ts';

/** A right another one requires, with the actions it offers (holding one of them holds it). */
export interface Required {
  code: string;
  actions: readonly RightAction[];
}

/** Each right that requires others: every right it requires, followed through. */
export function requirements(effective: Effective): Map<string, Required[]> {
  const direct = (code: string) =>
    (effective.rights.get(code)?.value.requires ?? []).filter((c) => c !== code && effective.rights.has(c));
  const out = new Map<string, Required[]>();
  for (const { value: right } of effective.rights.values()) {
    if (!right.requires?.length) continue;
    const seen = new Set<string>();
    const todo = direct(right.code);
    for (let code = todo.pop(); code !== undefined; code = todo.pop()) {
      if (seen.has(code) || code === right.code) continue;
      seen.add(code);
      todo.push(...direct(code));
    }
    if (seen.size)
      out.set(
        right.code,
        [...seen].map((code) => ({ code, actions: effective.rights.get(code)?.value.actions ?? [] })),
      );
  }
  return out;
}

let effectiveOf: () => Effective | null = () => null;
let known: { effective: Effective | null; required: Map<string, Required[]> } = {
  effective: null,
  required: new Map(),
};

/** Where the definitions of the moment are: the requirements follow them. */
export function gateRequiredRights(of: () => Effective): void {
  effectiveOf = of;
  known = { effective: null, required: new Map() };
}

/** The rights `right` requires (none for a right held on its own). */
export function requiredBy(right: string | undefined): readonly Required[] {
  if (!right) return [];
  const effective = effectiveOf();
  if (effective !== known.effective) known = { effective, required: effective ? requirements(effective) : new Map() };
  return known.required.get(right) ?? [];
}

/** The rights `right` requires that `holds` says are not held (a right is held when one of its actions is allowed). */
export function missingRequired(right: string | undefined, holds: (code: string, action: RightAction) => boolean) {
  return requiredBy(right)
    .filter((r) => !r.actions.some((a) => holds(r.code, a)))
    .map((r) => r.code);
}
