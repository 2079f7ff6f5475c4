// Reading and writing saved views. Which views a user sees: their own user views, the system
// views for everyone, and the views of their roles; a manager of system views also sees the
// views of every role, to look after them.
import type { Queryable } from '../db/pool.ts';
import type { LayoutContent } from './payload.ts';

export interface ViewRow {
  autoid: number;
  control_name: string;
  name: string;
  layout_type: 0 | 1;
  owner_id: number | null;
  owner: string | null;
  security_group_id: number | null;
  security_group: string | null;
  origin: string | null;
  page_size: number;
  sort: string;
  columns: LayoutContent['Columns'];
  default_layout: boolean;
  create_date: Date;
}

/** Who is asking: the user, their roles, and whether they manage system views. */
export interface Viewer {
  userId: number;
  username: string;
  groupIds: readonly number[];
  managesSystemViews: boolean;
}

const SELECT = `SELECT l.autoid, l.control_name, l.name, l.layout_type, l.owner_id, u.username AS owner,
    l.security_group_id, g.id AS security_group, l.origin, l.page_size, l.sort, l.columns, l.default_layout, l.create_date
  FROM core_flexgridlayout l
  LEFT JOIN users u ON u.autoid = l.owner_id
  LEFT JOIN securitygroups g ON g.autoid = l.security_group_id`;

/** The condition "the viewer sees this view", with its parameters from $first on. */
function seenBy(viewer: Viewer, first: number): { sql: string; params: unknown[] } {
  return {
    sql: `((l.layout_type = 1 AND l.owner_id = $${first})
       OR (l.layout_type = 0 AND (l.security_group_id IS NULL OR l.security_group_id = ANY($${first + 1}::bigint[]) OR $${first + 2})))`,
    params: [viewer.userId, [...viewer.groupIds], viewer.managesSystemViews],
  };
}

/** The viewer's views of one grid: user views first, then system and role views, each by name. */
export async function listViews(
  db: Queryable,
  control: string,
  viewer: Viewer,
  limit: number,
  offset: number,
): Promise<{ rows: ViewRow[]; count: number }> {
  const seen = seenBy(viewer, 2);
  const where = `WHERE l.control_name = $1 AND ${seen.sql}`;
  const params = [control, ...seen.params];
  const [rows, count] = await Promise.all([
    db.query<ViewRow>(
      `${SELECT} ${where} ORDER BY l.layout_type DESC, l.security_group_id NULLS FIRST, lower(l.name), l.autoid LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM core_flexgridlayout l ${where}`, params),
  ]);
  return { rows: rows.rows, count: count.rows[0].n };
}

export async function findView(db: Queryable, id: number, viewer: Viewer): Promise<ViewRow | undefined> {
  const seen = seenBy(viewer, 2);
  return (await db.query<ViewRow>(`${SELECT} WHERE l.autoid = $1 AND ${seen.sql}`, [id, ...seen.params])).rows[0];
}

/**
 * The view the viewer starts with: their own default, else a default of one of their roles, else
 * the system default, else the first view from the definitions.
 */
export async function defaultView(db: Queryable, control: string, viewer: Viewer): Promise<ViewRow | undefined> {
  return (
    await db.query<ViewRow>(
      `${SELECT} WHERE l.control_name = $1 AND (
        (l.layout_type = 1 AND l.owner_id = $2 AND l.default_layout)
     OR (l.layout_type = 0 AND l.security_group_id = ANY($3::bigint[]) AND l.default_layout)
     OR (l.layout_type = 0 AND l.security_group_id IS NULL AND (l.default_layout OR l.origin IS NOT NULL)))
     ORDER BY CASE WHEN l.layout_type = 1 THEN 0 WHEN l.security_group_id IS NOT NULL THEN 1 WHEN l.default_layout THEN 2 ELSE 3 END,
       l.security_group_id, l.autoid
     LIMIT 1`,
      [control, viewer.userId, [...viewer.groupIds]],
    )
  ).rows[0];
}

/** Names already used by the views a new view would be listed with (see docs/saved-views.md). */
export async function namesBeside(
  db: Queryable,
  control: string,
  layoutType: 0 | 1,
  viewer: Viewer,
): Promise<{ name: string; fromDefinitions: boolean }[]> {
  type Row = { name: string; origin: string | null };
  let rows: Row[];
  if (layoutType === 0) {
    rows = (
      await db.query<Row>('SELECT name, origin FROM core_flexgridlayout WHERE control_name = $1 AND layout_type = 0', [
        control,
      ])
    ).rows;
  } else {
    const seen = seenBy({ ...viewer, managesSystemViews: false }, 2);
    rows = (
      await db.query<Row>(
        `SELECT l.name, l.origin FROM core_flexgridlayout l WHERE l.control_name = $1 AND ${seen.sql}`,
        [control, ...seen.params],
      )
    ).rows;
  }
  return rows.map((r) => ({ name: r.name, fromDefinitions: r.origin !== null }));
}

export interface NewView extends LayoutContent {
  name: string;
  layoutType: 0 | 1;
  securityGroupId: number | null;
}

export async function insertView(db: Queryable, control: string, view: NewView, viewer: Viewer): Promise<number> {
  return (
    await db.query<{ autoid: number }>(
      `INSERT INTO core_flexgridlayout (control_name, name, layout_type, owner_id, security_group_id, page_size, sort, columns, created_by, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING autoid`,
      [
        control,
        view.name,
        view.layoutType,
        view.layoutType === 1 ? viewer.userId : null,
        view.securityGroupId,
        view.PageSize,
        view.Sort,
        JSON.stringify(view.Columns),
        viewer.username,
      ],
    )
  ).rows[0].autoid;
}

export async function updateContent(db: Queryable, id: number, content: LayoutContent, viewer: Viewer): Promise<void> {
  await db.query(
    `UPDATE core_flexgridlayout SET page_size = $1, sort = $2, columns = $3, modified_date = now(), modified_by = $4 WHERE autoid = $5`,
    [content.PageSize, content.Sort, JSON.stringify(content.Columns), viewer.username, id],
  );
}

export async function deleteView(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM core_flexgridlayout WHERE autoid = $1', [id]);
}

/** Makes the view the default of its level (the owner's, the role's or everyone's); run it in a transaction. */
export async function setDefault(db: Queryable, view: ViewRow, username: string): Promise<void> {
  await db.query(
    `UPDATE core_flexgridlayout SET default_layout = false
      WHERE control_name = $1 AND layout_type = $2 AND coalesce(owner_id, 0) = $3 AND coalesce(security_group_id, 0) = $4
        AND default_layout AND autoid <> $5`,
    [view.control_name, view.layout_type, view.owner_id ?? 0, view.security_group_id ?? 0, view.autoid],
  );
  await db.query(
    'UPDATE core_flexgridlayout SET default_layout = true, modified_date = now(), modified_by = $2 WHERE autoid = $1',
    [view.autoid, username],
  );
}

/** Clears a user's own defaults (of one grid or all), so the role or system default applies again. */
export async function resetUserDefaults(db: Queryable, userId: number, control: string | null): Promise<number> {
  return (
    (
      await db.query(
        `UPDATE core_flexgridlayout SET default_layout = false
      WHERE layout_type = 1 AND owner_id = $1 AND default_layout AND ($2::text IS NULL OR control_name = $2)`,
        [userId, control],
      )
    ).rowCount ?? 0
  );
}

/** A removed user's own views go with the user. */
export async function deleteUserViews(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM core_flexgridlayout WHERE layout_type = 1 AND owner_id = $1', [userId]);
}

interface OwnDefault {
  Username: string;
  PersonName: string | null;
  Layout: string;
}

/** Users who start a grid with a view of their own: the ones a manager can reset. */
export async function ownDefaults(db: Queryable, control: string): Promise<OwnDefault[]> {
  return (
    await db.query<OwnDefault>(
      `SELECT u.username AS "Username", u.personname AS "PersonName", l.name AS "Layout"
       FROM core_flexgridlayout l JOIN users u ON u.autoid = l.owner_id
      WHERE l.control_name = $1 AND l.layout_type = 1 AND l.default_layout ORDER BY lower(u.username)`,
      [control],
    )
  ).rows;
}
