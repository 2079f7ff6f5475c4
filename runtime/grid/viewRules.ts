// Who may do what with views (spec 1 section 6 "Named permissions for views") and the check of a
// new view's name, which mirrors the server's so the user hears about it before saving. The server
// decides in the end: its CanChange per layout and its ModelState.Name.
import { LAYOUT_NAME_MAX_LENGTH, LAYOUT_NAME_PATTERN, LAYOUT_TYPE } from '../../definitions/language/index.ts';
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

/** The types the save-layout dialog offers, system before user; it preselects the first. */
export function permittedTypes(p: ViewPermissions): LayoutType[] {
  return ([LAYOUT_TYPE.System, LAYOUT_TYPE.User] as LayoutType[]).filter((type) => mayChangeType(p, type));
}

export type NameProblem = 'required' | 'too_long' | 'characters' | 'taken';

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

/** Required, at most 50 characters, letters and digits only, unique (case-insensitive) among `taken`. */
export function layoutNameProblem(name: string, taken: readonly string[]): NameProblem | null {
  const text = name.trim();
  if (!text) return 'required';
  if (text.length > LAYOUT_NAME_MAX_LENGTH) return 'too_long';
  if (!LAYOUT_NAME_PATTERN.test(text)) return 'characters';
  if (taken.some((t) => t.toLowerCase() === text.toLowerCase())) return 'taken';
  return null;
}
