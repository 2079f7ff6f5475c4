// Who may do what with views (spec 1 section 6 "Named permissions for views") and the check of a
// new view's name, which mirrors the server's so the user hears about it before saving. The server
// decides in the end: its CanChange per layout and its ModelState.Name.
import { LAYOUT_TYPE, layoutNameProblem, type LayoutNameProblem } from '../../definitions/language/index.ts';
import type { Layout, LayoutType, ViewPermissions } from '../api/index.ts';

export const NO_VIEW_PERMISSIONS: ViewPermissions = { AllowChangeUserViews: false, AllowChangeSystemViews: false };

type Changeable = Pick<Layout, 'LayoutType' | 'CanChange' | 'FromDefinitions'>;

/** System views (0) need AllowChangeSystemViews, user views (1) AllowChangeUserViews. */
export function mayChangeType(p: ViewPermissions, type: LayoutType): boolean {
  return type === LAYOUT_TYPE.System ? p.AllowChangeSystemViews : p.AllowChangeUserViews;
}

/** The column chooser and the view settings appear only if either permission is allowed. */
export function showViewSettings(p: ViewPermissions): boolean {
  return p.AllowChangeUserViews || p.AllowChangeSystemViews;
}

/** Save as needs either permission. */
export const canSaveViewAs = showViewSettings;

/** Set as default: the layout type's permission and the server's CanChange for this layout. */
export function canSetDefault(p: ViewPermissions, layout: Changeable | null): boolean {
  return !!layout && layout.CanChange && mayChangeType(p, layout.LayoutType);
}

/** Saving over a view, or deleting it, also needs a view of the user's own making (not from the definitions). */
export function canSaveView(p: ViewPermissions, layout: Changeable | null): boolean {
  return !!layout && canSetDefault(p, layout) && !layout.FromDefinitions;
}

export const canDeleteView = canSaveView;

/**
 * The types the save-layout dialog offers, the user's own (personal) view before system and role
 * views; it preselects the first, so a user who may change both saves a personal view by default.
 */
export function permittedTypes(p: ViewPermissions): LayoutType[] {
  return ([LAYOUT_TYPE.User, LAYOUT_TYPE.System] as LayoutType[]).filter((type) => mayChangeType(p, type));
}

export type NameProblem = LayoutNameProblem;

/**
 * A user view's name must differ from every view its owner sees; a system or role view's from
 * every other system and role view of the grid. `listed` are the views the manager lists.
 */
export function takenNames(listed: readonly Pick<Layout, 'Name' | 'LayoutType'>[], type: LayoutType): string[] {
  return listed
    .filter((l) => type === LAYOUT_TYPE.User || l.LayoutType === LAYOUT_TYPE.System)
    .map((l) => l.Name ?? '')
    .filter(Boolean);
}

/** The server's rule (definitions/language/view-names.ts), so the user hears of a problem before saving. */
export { layoutNameProblem };
