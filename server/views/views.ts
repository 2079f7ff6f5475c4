// Saved views of a grid at three levels (user, role, system) with the named permissions of
// spec 1 section 6: AllowChangeUserViews for user views, AllowChangeSystemViews for system and
// role views. The API layer only parses requests; every rule is here.
import {
  LAYOUT_NAME_MAX_LENGTH,
  LAYOUT_TYPE,
  cleanLayoutName,
  layoutNameProblem,
  MAX_PAGE_SIZE,
  OPERATORS,
  VIEW_PERMISSIONS,
  type LayoutContentRequest,
  type Translate,
  type ViewPermission,
} from '../../definitions/language/index.ts';
import { AppError, forbidden, invalidFields, notFound } from '../errors.ts';
import { hiddenFields } from '../data/access.ts';
import { columnMeta } from '../data/flex.ts';
import { columnOf } from '../data/filters.ts';
import { inTransaction, type Queryable } from '../db/pool.ts';
import type pg from 'pg';
import type { TableModel } from '../metadata/model.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { Principal } from '../security/principal.ts';
import { syncDefinitionViews } from './definition-views.ts';
import { checkContent, unseenColumns, visibleContent, type LayoutContent } from './payload.ts';
import {
  defaultView,
  deleteView,
  findView,
  insertView,
  listViews,
  namesBeside,
  ownDefaults,
  resetUserDefaults,
  setDefault,
  updateContent,
  type ViewRow,
  type Viewer,
} from './store.ts';

export type ViewPrincipal = Principal & { userId: number; groupIds: readonly number[] };

export interface ViewContext {
  pool: pg.Pool;
  snapshot: Snapshot;
  principal: ViewPrincipal;
  /** The definitions' texts in the user's language: the names of views from the definitions. */
  t?: Translate;
}

export function permissionsOf(principal: Principal): Record<ViewPermission, boolean> {
  return {
    AllowChangeUserViews: principal.can(VIEW_PERMISSIONS.AllowChangeUserViews, 'execute'),
    AllowChangeSystemViews: principal.can(VIEW_PERMISSIONS.AllowChangeSystemViews, 'execute'),
  };
}

function viewerOf(principal: ViewPrincipal): Viewer {
  return {
    userId: principal.userId,
    username: principal.username,
    groupIds: principal.groupIds,
    managesSystemViews: permissionsOf(principal).AllowChangeSystemViews,
  };
}

/** Whether the principal may change views of this level: save, delete and set as default. */
function mayChange(principal: Principal, layoutType: number): boolean {
  const p = permissionsOf(principal);
  return layoutType === LAYOUT_TYPE.System ? p.AllowChangeSystemViews : p.AllowChangeUserViews;
}

const fromDefinitions = () => new AppError('VIEW_FROM_DEFINITIONS');

function answer(model: TableModel, principal: ViewPrincipal, row: ViewRow, t: Translate = (text) => text) {
  const content = visibleContent(model, hiddenFields(model, principal), {
    Columns: row.columns,
    PageSize: row.page_size,
    Sort: row.sort,
  });
  return {
    AutoID: row.autoid,
    // A view from the definitions is named in the user's language; a user-made name stays as typed.
    Name: row.origin !== null ? t(row.name) : row.name,
    LayoutType: row.layout_type,
    ControlName: model.table.name,
    ...content,
    DefaultLayout: row.default_layout,
    CreateDate: new Date(row.create_date).toISOString(),
    SecurityGroupID: row.security_group_id,
    SecurityGroup: row.security_group,
    Owner: row.owner,
    FromDefinitions: row.origin !== null,
    CanChange: mayChange(principal, row.layout_type),
  };
}
export type LayoutAnswer = ReturnType<typeof answer>;

/**
 * The fields a row's card shows on a phone, as the table's grid definition names them (`card`),
 * without those hidden from the principal; none when no grid definition of the table names any.
 */
export function cardFields(snapshot: Snapshot, model: TableModel, principal: ViewPrincipal): string[] {
  const table = model.table.name.toLowerCase();
  const grid = [...snapshot.effective.grids.values()]
    .map((g) => g.value)
    .find((g) => g.table.toLowerCase() === table && g.card?.length);
  const hidden = new Set(hiddenFields(model, principal).map((f) => f.name.toLowerCase()));
  return (grid?.card ?? []).filter((name) => !hidden.has(name.toLowerCase()));
}

/**
 * A layout with the description of its columns as GetFlexData answers it (Meta.Columns): the
 * grid can draw headers and read the view's filters before the first rows arrive; and the
 * grid's card fields.
 */
function withMeta(ctx: ViewContext, model: TableModel, row: ViewRow) {
  const principal = ctx.principal;
  const layout = answer(model, principal, row, ctx.t);
  const hidden = hiddenFields(model, principal);
  const columns = layout.Columns.map((c) => ({
    ...columnMeta(model, columnOf(model, c.FieldName, 'view', hidden)),
    ColumnWidth: c.ColumnWidth,
    ColumnAlignment: c.ColumnAlignment,
  }));
  return { ...layout, Meta: { Columns: columns }, Card: cardFields(ctx.snapshot, model, principal) };
}

/** The grid's views, brought in line with the definitions first. */
async function ready(ctx: ViewContext, model: TableModel): Promise<string> {
  await syncDefinitionViews(ctx.pool, ctx.snapshot, model);
  return model.table.name.toLowerCase();
}

/** A view the principal sees, with the model of its grid; 404 otherwise. */
async function visibleView(ctx: ViewContext, id: number): Promise<{ row: ViewRow; model: TableModel }> {
  const row = await findView(ctx.pool, id, viewerOf(ctx.principal));
  const model = row && ctx.snapshot.table(row.control_name);
  if (!row || !model || !ctx.principal.can(model.table.right, 'read')) throw notFound();
  return { row, model };
}

function mustChange(principal: Principal, row: ViewRow): void {
  if (!mayChange(principal, row.layout_type)) throw forbidden();
}

export async function userLayout(ctx: ViewContext, model: TableModel) {
  const control = await ready(ctx, model);
  const row = await defaultView(ctx.pool, control, viewerOf(ctx.principal));
  if (!row) throw notFound();
  return { ...withMeta(ctx, model, row), Permissions: permissionsOf(ctx.principal) };
}

export async function layouts(ctx: ViewContext, model: TableModel, filter: { PageSize?: number; PageIndex?: number }) {
  const control = await ready(ctx, model);
  const size = filter.PageSize ?? MAX_PAGE_SIZE;
  const index = filter.PageIndex ?? 0;
  const { rows, count } = await listViews(ctx.pool, control, viewerOf(ctx.principal), size, index * size);
  return {
    Data: rows.map((r) => answer(model, ctx.principal, r, ctx.t)),
    Meta: {
      Count: count,
      PageIndex: index,
      PageSize: size,
      Columns: [
        { FieldName: 'Name', Title: 'Naam', IsSortable: true },
        { FieldName: 'LayoutType', Title: 'Soort', IsSortable: true },
        { FieldName: 'DefaultLayout', Title: 'Standaard', IsSortable: true },
        { FieldName: 'CreateDate', Title: 'Aangemaakt', IsSortable: true },
      ],
    },
  };
}

export async function layout(ctx: ViewContext, id: number) {
  const { row, model } = await visibleView(ctx, id);
  return withMeta(ctx, model, row);
}

/** The form's message for each problem of the shared name rule. */
const NAME_MESSAGES = {
  required: 'layouts.name_required',
  too_long: 'layouts.name_too_long',
  characters: 'layouts.name_characters',
  taken: 'layouts.name_taken',
} as const;

function checkName(name: unknown, taken: readonly string[]): string {
  const text = typeof name === 'string' ? cleanLayoutName(name) : '';
  const problem = layoutNameProblem(text, taken);
  if (!problem) return text;
  const args = problem === 'too_long' ? [LAYOUT_NAME_MAX_LENGTH] : problem === 'taken' ? [text] : [];
  throw invalidFields({ Name: [{ id: NAME_MESSAGES[problem], args }] });
}

async function securityGroup(db: Queryable, id: number | null | undefined): Promise<number | null> {
  if (!id) return null;
  const found = (await db.query('SELECT 1 FROM securitygroups WHERE autoid = $1 AND NOT archive', [id])).rowCount;
  if (!found) throw invalidFields({ SecurityGroupID: [{ id: 'layouts.unknown_group', args: [String(id)] }] });
  return id;
}

/** As checked at the edge (api-schemas); Name and LayoutType are checked here, with the form's own messages. */
export interface CreateRequest {
  Name?: unknown;
  FlexGridLayout: LayoutContentRequest;
  LayoutType?: unknown;
  SetAsDefaultLayout?: boolean;
  SecurityGroupID?: number | null;
}

export async function createLayout(ctx: ViewContext, model: TableModel, body: CreateRequest) {
  const control = await ready(ctx, model);
  const type = body.LayoutType;
  if (type !== 0 && type !== 1) throw invalidFields({ LayoutType: [{ id: 'layouts.layout_type', args: [] }] });
  if (!mayChange(ctx.principal, type)) throw forbidden();
  const groupId = type === LAYOUT_TYPE.System ? await securityGroup(ctx.pool, body.SecurityGroupID) : null;
  if (type === LAYOUT_TYPE.User && body.SecurityGroupID)
    throw invalidFields({ SecurityGroupID: [{ id: 'layouts.user_view_group', args: [] }] });
  const viewer = viewerOf(ctx.principal);
  const content = checkContent(model, hiddenFields(model, ctx.principal), body.FlexGridLayout);
  // A view from the definitions is listed under its name in the user's language: that is taken too.
  const t = ctx.t ?? ((text: string) => text);
  const beside = await namesBeside(ctx.pool, control, type, viewer);
  const name = checkName(
    body.Name,
    beside.flatMap((v) => (v.fromDefinitions ? [v.name, t(v.name)] : [v.name])),
  );
  const id = await inTransaction(
    ctx.pool,
    async (db) => {
      const created = await insertView(
        db,
        control,
        { ...content, name, layoutType: type, securityGroupId: groupId },
        viewer,
      );
      if (body.SetAsDefaultLayout === true) {
        const row = await findView(db, created, viewer);
        if (row) await setDefault(db, row, viewer.username);
      }
      return created;
    },
    { rerunnable: true },
  ).catch((error: unknown) => {
    // Two saves of the same name at once: the index decides, the message is the same.
    if ((error as { code?: string }).code === '23505')
      throw invalidFields({ Name: [{ id: 'layouts.name_taken', args: [name] }] });
    throw error;
  });
  return layout(ctx, id);
}

export async function updateLayout(ctx: ViewContext, id: number, content: LayoutContentRequest) {
  const { row, model } = await visibleView(ctx, id);
  mustChange(ctx.principal, row);
  if (row.origin !== null) throw fromDefinitions();
  if (row.layout_type === LAYOUT_TYPE.User && row.owner_id !== ctx.principal.userId) throw forbidden();
  const hidden = hiddenFields(model, ctx.principal);
  const checked: LayoutContent = checkContent(model, hidden, content);
  // Columns this user cannot see stay in the view for those who can.
  checked.Columns.push(...unseenColumns(model, hidden, row.columns));
  await updateContent(ctx.pool, row.autoid, checked, viewerOf(ctx.principal));
  return layout(ctx, row.autoid);
}

export async function deleteLayout(ctx: ViewContext, id: number): Promise<void> {
  const { row } = await visibleView(ctx, id);
  mustChange(ctx.principal, row);
  if (row.origin !== null) throw fromDefinitions();
  await deleteView(ctx.pool, row.autoid);
}

export async function makeDefault(ctx: ViewContext, model: TableModel, id: number): Promise<void> {
  const { row } = await visibleView(ctx, id);
  if (row.control_name !== model.table.name.toLowerCase()) throw notFound();
  mustChange(ctx.principal, row);
  await inTransaction(ctx.pool, (db) => setDefault(db, row, ctx.principal.username), { rerunnable: true });
}

/** Another user's defaults are reset by a manager of system views; one's own with AllowChangeUserViews. */
/**
 * Whether the principal may reset the defaults of a user (`own`: themselves): a manager of system
 * views anyone's, a user with AllowChangeUserViews their own. Asked before the user is looked up,
 * so the answer never tells whether a user name exists.
 */
export function mayResetUser(principal: Principal, own: boolean): void {
  const p = permissionsOf(principal);
  if (!(p.AllowChangeSystemViews || (own && p.AllowChangeUserViews))) throw forbidden();
}

export async function resetUser(ctx: ViewContext, userId: number, model: TableModel | null): Promise<number> {
  mayResetUser(ctx.principal, userId === ctx.principal.userId);
  return resetUserDefaults(ctx.pool, userId, model ? model.table.name.toLowerCase() : null);
}

/** For a manager of system views: who has a default of their own on this grid, and which. */
export async function userDefaults(ctx: ViewContext, model: TableModel) {
  if (!permissionsOf(ctx.principal).AllowChangeSystemViews) throw forbidden();
  return ownDefaults(ctx.pool, model.table.name.toLowerCase());
}

/** The roles a view can be shared with: for managers of system views, who need not manage security groups. */
export async function shareableGroups(
  ctx: ViewContext,
): Promise<{ AutoID: number; ID: string; Descr: string | null }[]> {
  if (!permissionsOf(ctx.principal).AllowChangeSystemViews) throw forbidden();
  return (
    await ctx.pool.query<{ AutoID: number; ID: string; Descr: string | null }>(
      'SELECT autoid AS "AutoID", id AS "ID", descr AS "Descr" FROM securitygroups WHERE NOT archive ORDER BY lower(id)',
    )
  ).rows;
}

/** Every column the principal may add to a view of this grid; `selected` when visible in the given view. */
export async function availableColumns(ctx: ViewContext, model: TableModel, layoutId: number | null | undefined) {
  const hidden = hiddenFields(model, ctx.principal);
  let visible = new Set<string>();
  if (layoutId) {
    const { row } = await visibleView(ctx, layoutId);
    visible = new Set(row.columns.filter((c) => c.Visible).map((c) => c.FieldName.toLowerCase()));
  }
  return model.table.fields
    .filter((f) => f.type !== 'password' && !hidden.includes(f))
    .map((f, i) => ({
      FieldName: f.name,
      ColumnTitle: f.label ?? f.name,
      AutoID: i + 1,
      selected: visible.has(f.name.toLowerCase()),
    }));
}

/** The filters the grid's advanced filter panel may offer: per column, its type and operators. */
export function availableFilters(model: TableModel, principal: Principal) {
  const hidden = hiddenFields(model, principal);
  return model.table.fields
    .filter((f) => f.type !== 'password' && !hidden.includes(f))
    .map((f) => {
      const col = columnOf(model, f.name, 'filter', hidden);
      const meta = columnMeta(model, col);
      return { FieldName: f.name, Title: meta.Title, FilterType: col.kind, Operators: OPERATORS[col.kind] };
    });
}
