// The acting principal every data call receives. Rights and row limits plug in here: the
// data layer asks `can` before touching a table and adds `rowFilter` to every statement.
import type { EffectiveTable, RightAction } from '../../definitions/language/index.ts';

export interface SqlFilter {
  sql: string;
  params: unknown[];
}

export interface Principal {
  username: string;
  /** The user's AutoID; 0 for the engine itself. */
  userId: number;
  /** In a full-access group (or the engine): no row is another's to them. */
  fullAccess: boolean;
  /** The AutoIDs of the security groups the user is a member of (none for the engine). */
  groupIds?: readonly number[];
  can(right: string | undefined, action: RightAction): boolean;
  /**
   * A condition limiting which rows of a table the principal sees, on the table's columns under
   * `alias` (default t), with $n placeholders from 1. Only server/data/access.ts applies it.
   */
  rowFilter(table: EffectiveTable, alias?: string): SqlFilter | null;
  /** Fields of a table the principal may not see (Hidden 0) or not change (ReadOnly 2), by lower-case name. */
  fieldAccess(table: EffectiveTable): ReadonlyMap<string, FieldVisibility>;
}

export const FieldVisibility = { Hidden: 0, ReadOnly: 2 } as const;
export type FieldVisibility = (typeof FieldVisibility)[keyof typeof FieldVisibility];
const NO_LIMITS: ReadonlyMap<string, FieldVisibility> = new Map();

/** The engine itself: applying packs, seeding, command-line tools. */
export const SYSTEM_PRINCIPAL: Principal = {
  username: 'system',
  userId: 0,
  fullAccess: true,
  can: () => true,
  rowFilter: () => null,
  fieldAccess: () => NO_LIMITS,
};

/**
 * The principal who may besides read what `right` guards, for one call that answers a screen's own
 * rows under the screen's right (a planning board's monitors): every other right, the row limits
 * and the hidden fields stay theirs.
 */
export function readingAlso(principal: Principal, right: string): Principal {
  return {
    username: principal.username,
    userId: principal.userId,
    fullAccess: principal.fullAccess,
    groupIds: principal.groupIds,
    can: (code, action) => (code === right && action === 'read') || principal.can(code, action),
    rowFilter: (table, alias) => principal.rowFilter(table, alias),
    fieldAccess: (table) => principal.fieldAccess(table),
  };
}
