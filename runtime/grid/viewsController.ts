// The data work of the view dialogs (column chooser, view manager, reset defaults, save and save
// as). Each call logs its own failure and answers what the dialog draws (null or false when it
// failed), so the dialogs only draw and tell the user; tests hand in a fake client.
import { LAYOUT_TYPE, MAX_PAGE_SIZE, cleanLayoutName } from '../../definitions/language/index.ts';
import { CallFailed } from '../api/index.ts';
import type { ColumnAlignment, Layout, LayoutContent, LayoutType, ShareableGroup, UserDefault } from '../api/index.ts';
import type { ViewClient, ViewColumn } from './types.ts';

const ALL_VIEWS = { PageSize: MAX_PAGE_SIZE, PageIndex: 0 };

/** The server's messages per field; '' holds one that belongs to no field. */
export type FieldErrors = Record<string, string[]>;

/** A column as the chooser lists it. */
export interface ChooserItem {
  FieldName: string;
  title: string;
  selected: boolean;
  ColumnAlignment: ColumnAlignment;
}

export interface NewView {
  name: string;
  content: LayoutContent;
  type: LayoutType;
  /** The security group a system view is for; '' for everyone. */
  group: string;
  setAsDefault: boolean;
}

/** Runs a call; a failure is logged and answers `failed`. */
async function attempt<T, F>(what: string, call: () => Promise<T>, failed: F): Promise<T | F> {
  try {
    return await call();
  } catch (error) {
    console.error(`${what} failed`, error);
    return failed;
  }
}

/** The grid's views, for the manager's list and the save dialog's name check. */
export const listViews = (client: Pick<ViewClient, 'layouts'>, control: string): Promise<Layout[] | null> =>
  attempt('getflexgridlayouts', async () => (await client.layouts(control, ALL_VIEWS)).Data, null);

/** The security groups a system view can be shared with. */
export const listShareableGroups = (client: Pick<ViewClient, 'shareableGroups'>): Promise<ShareableGroup[] | null> =>
  attempt('security groups', () => client.shareableGroups(), null);

export const setDefaultView = (
  client: Pick<ViewClient, 'setDefaultLayout'>,
  control: string,
  AutoID: number,
): Promise<boolean> =>
  attempt(
    'updatedefaultlayout',
    async () => {
      await client.setDefaultLayout(control, AutoID);
      return true;
    },
    false,
  );

export const deleteView = (client: Pick<ViewClient, 'deleteLayout'>, AutoID: number): Promise<boolean> =>
  attempt(
    'deleteflexgridlayout',
    async () => {
      await client.deleteLayout(AutoID);
      return true;
    },
    false,
  );

/** The users who keep a default of their own on this grid (for a manager of system views). */
export const listUserDefaults = (
  client: Pick<ViewClient, 'userDefaults'>,
  control: string,
): Promise<UserDefault[] | null> => attempt('getuserdefaults', () => client.userDefaults(control), null);

/** Clears a user's own default (null: the current user's). */
export const resetUserDefault = (
  client: Pick<ViewClient, 'resetUserLayout'>,
  control: string,
  username: string | null,
): Promise<boolean> =>
  attempt(
    'resetuserlayout',
    async () => {
      await client.resetUserLayout(username, control);
      return true;
    },
    false,
  );

/** Saves the working view over the current view; the saved layout, or null. */
export const updateView = (
  client: Pick<ViewClient, 'updateLayout'>,
  AutoID: number,
  content: LayoutContent,
): Promise<Layout | null> => attempt('updateflexgridlayout', () => client.updateLayout(AutoID, content), null);

/** Saves the working view as a new view; the server's ModelState (and Error) per field when refused. */
export async function createView(
  client: Pick<ViewClient, 'createLayout'>,
  control: string,
  view: NewView,
): Promise<{ layout: Layout } | { errors: FieldErrors }> {
  try {
    return {
      layout: await client.createLayout(control, {
        Name: cleanLayoutName(view.name),
        FlexGridLayout: view.content,
        LayoutType: view.type,
        SetAsDefaultLayout: view.setAsDefault,
        ...(view.type === LAYOUT_TYPE.System ? { SecurityGroupID: view.group ? Number(view.group) : null } : {}),
      }),
    };
  } catch (error) {
    console.error('createnewflexgridlayout failed', error);
    const body = error instanceof CallFailed ? error.body : null;
    const errors: FieldErrors = { ...body?.ModelState };
    if (body?.Error && !Object.values(errors).some((m) => m.includes(body.Error))) errors[''] = [body.Error];
    return { errors };
  }
}

/** The columns the chooser offers, ticked and aligned as the working view has them. */
export async function chooserItems(
  client: Pick<ViewClient, 'availableColumns'>,
  control: string,
  viewId: number | null,
  columns: readonly ViewColumn[],
): Promise<ChooserItem[] | null> {
  const available = await attempt(
    'GetAvailableColumnsForPage',
    () => client.availableColumns(control, viewId ?? undefined),
    null,
  );
  if (!available) return null;
  const working = new Map(columns.map((c) => [c.FieldName.toLowerCase(), c]));
  return available.map((c) => {
    const column = working.get(c.FieldName.toLowerCase());
    // The working view may differ from the saved one the server knows: it decides.
    return {
      FieldName: c.FieldName,
      title: c.ColumnTitle || c.FieldName,
      selected: columns.length ? !!column?.Visible : c.selected,
      ColumnAlignment: column?.ColumnAlignment ?? 0,
    };
  });
}
