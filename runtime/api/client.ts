// The runtime's typed client for the generic calls. Every call sends JSON with credentials;
// a failed call rejects with the server's documented error shape.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PICKER_PAGE_SIZE } from '../../definitions/language/index.ts';

export interface ApiErrorBody {
  Error: string;
  ModelState: Record<string, string[]>;
  TranslationModelState: { ModelState: Record<string, { Key: string; Value: string[] }[]> };
  Authenticated?: boolean;
}

/** A 403 whose body says the session is missing or expired (a refused right says Authenticated true). */
export function isUnauthenticated(status: number, body: unknown): boolean {
  return status === 403 && (body as { Authenticated?: unknown } | null)?.Authenticated === false;
}

/** Observers of every call: the session timer listens to successes, the login redirect to a lost session. */
export interface ClientHooks {
  /** Extra request headers, for clients outside a browser (a browser sends its own cookies). */
  headers?: Record<string, string>;
  onSuccess?: () => void;
  onUnauthenticated?: () => void;
}

export interface SecurityEntry { ID: string; Action: string; Grant?: boolean }

export interface CurrentUser { AutoID: number; Username: string; Person_Descr: string | null; HomePage?: string | null }

export class CallFailed extends Error {
  constructor(readonly status: number, readonly body: ApiErrorBody) { super(body.Error); }
}

export interface FlexRequest {
  dataSource?: 0 | 1 | 2;
  pageIndex?: number;
  pageSize?: number;
  order?: string;
  searchExpressions?: string | string[];
  /** The view's visible columns: the server answers only these, with their width and alignment. */
  flexGridLayoutColumns?: LayoutColumnRequest[];
  operatorFilter?: { FieldName: string; Operator: string; Value?: unknown }[];
  columnFilter?: Record<string, unknown>;
  dataFilter?: Record<string, unknown>;
}

export type ColumnAlignment = 0 | 1 | 2;
/** 0 a system view (a role view when it names a security group), 1 a user's own view. */
export type LayoutType = 0 | 1;

export interface LayoutColumnRequest { FieldName: string; ColumnWidth?: number; ColumnAlignment?: ColumnAlignment }

export interface LayoutFilter { Operator: string; Value: string | number | boolean | null }

export interface LayoutColumn {
  FieldName: string;
  ColumnWidth: number;
  ColumnAlignment: ColumnAlignment;
  Visible: boolean;
  /** The column's quick filter, '' for none. */
  Search: string;
  AdvancedFilters: LayoutFilter[];
}

/** What a view holds of the grid; the body of a save. */
export interface LayoutContent { Columns: LayoutColumn[]; PageSize: number; Sort: string }

/** A saved view (flex grid layout) as docs/saved-views.md describes it. */
export interface Layout extends LayoutContent {
  AutoID: number;
  /** 'default' (or null) is the standard view. */
  Name: string | null;
  LayoutType: LayoutType;
  ControlName: string;
  DefaultLayout: boolean;
  CreateDate: string;
  SecurityGroupID: number | null;
  SecurityGroup: string | null;
  Owner: string | null;
  /** Comes from the definitions: it cannot be updated or deleted, only saved under a new name. */
  FromDefinitions: boolean;
  /** The user may update, delete and set it as default (as far as the layout type goes). */
  CanChange: boolean;
}

export interface ViewPermissions { AllowChangeUserViews: boolean; AllowChangeSystemViews: boolean }

/** A single layout as GetUserFlexGridLayout and getflexgridlayout answer it: with its columns described. */
export interface DescribedLayout extends Layout { Meta?: { Columns: Record<string, unknown>[] } }
export interface UserLayout extends DescribedLayout { Permissions: ViewPermissions }

export interface NewLayout {
  Name: string;
  FlexGridLayout: LayoutContent;
  ControlName: string;
  LayoutType: LayoutType;
  SetAsDefaultLayout: boolean;
  SecurityGroupID?: number | null;
}

export interface AvailableColumn { FieldName: string; ColumnTitle: string; AutoID: number; selected: boolean }

export interface AvailableFilter { FieldName: string; Title: string; FilterType: string; Operators: string[] }

export interface FlexAnswer<R = Record<string, unknown>> {
  Data: R[];
  Meta: { Count: number; CountEstimated: boolean; PageIndex: number; PageSize: number; Columns: Record<string, unknown>[] };
}

export interface ScreenInfo {
  name: string;
  /** 'login' is the runtime's own login route; the server never lists it. */
  kind: 'maintenance' | 'systemtable' | 'settings' | 'detail' | 'login';
  table: string;
  title: string;
  parent?: string;
  rights?: { read?: string; create?: string; update?: string; delete?: string };
  dataSourceSwitch?: boolean;
  fetchDestination?: string;
}

export interface UserDefault { Username: string; PersonName: string | null; Layout: string }

export interface ShareableGroup { AutoID: number; ID: string; Descr: string | null }

export interface ListEntry { AutoID: number; ID: string | null; Descr: string; Archive: boolean }

/** A 503 or 429 the server marks Retryable did nothing (database away, too busy): try again. */
export function isRetryable(status: number, body: unknown): boolean {
  return (status === 503 || status === 429) && (body as { Retryable?: unknown } | null)?.Retryable === true;
}

/** Tries of a call the server answered as retryable, and the longest wait between two. */
export const RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

export function createClient(base = '/', hooks: ClientHooks = {}, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    let answer: unknown;
    for (let attempt = 0; ; attempt++) {
      res = await fetch(`${base}${path}`, {
        method,
        credentials: 'include',
        headers: { ...hooks.headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
      answer = res.status === 204 ? null : await res.json();
      if (attempt >= RETRIES || !isRetryable(res.status, answer)) break;
      // As long as the server asks (Retry-After, seconds), within reason.
      await wait(Math.min(Number(res.headers.get('retry-after') ?? 1) * 1000 || 1000, MAX_RETRY_WAIT_MS));
    }
    if (!res.ok) {
      if (isUnauthenticated(res.status, answer)) hooks.onUnauthenticated?.();
      throw new CallFailed(res.status, answer as ApiErrorBody);
    }
    hooks.onSuccess?.();
    return answer as T;
  }
  const table = (control: string) => `mvc/${encodeURIComponent(control)}`;
  return {
    getForm: (control: string) => call<{ Properties: Record<string, unknown>[]; Groups: Record<string, unknown>[] }>('GET', `${table(control)}/GetForm`),
    getNew: (control: string) => call<Record<string, unknown>>('POST', `${table(control)}/GetNew`),
    getItem: (control: string, autoid: number) => call<Record<string, unknown>>('POST', `${table(control)}/GetItem`, { autoid }),
    save: (control: string, record: Record<string, unknown>) => call<Record<string, unknown>>('POST', `${table(control)}/save`, record),
    remove: (control: string, autoid: number) => call<Record<string, never>>('POST', `${table(control)}/delete`, { autoid }),
    flexData: (control: string, request: FlexRequest) =>
      call<FlexAnswer>('POST', `${table(control)}/GetFlexData`, { pageSize: DEFAULT_PAGE_SIZE, ...request }),
    list: (method: string, request: { searchKey?: string; page?: number; pageSize?: number; Archive?: boolean; [param: string]: unknown }) =>
      call<{ Data: ListEntry[]; Meta: { HasMore: boolean } }>('POST', method, { pageSize: PICKER_PAGE_SIZE, ...request }),
    userLayout: (control: string) => call<UserLayout>('POST', `${table(control)}/GetUserFlexGridLayout`, { controlName: control }),
    layouts: (control: string, Filter: { PageSize: number; PageIndex: number } = { PageSize: MAX_PAGE_SIZE, PageIndex: 0 }) =>
      call<{ Data: Layout[]; Meta: { Count: number; Columns: Record<string, unknown>[] } }>('POST', `${table(control)}/getflexgridlayouts`, { ControlName: control, Filter }),
    createLayout: (control: string, layout: Omit<NewLayout, 'ControlName'>) =>
      call<Layout>('POST', `${table(control)}/createnewflexgridlayout`, { ...layout, ControlName: control }),
    setDefaultLayout: (control: string, AutoID: number) => call<Record<string, never>>('POST', `${table(control)}/updatedefaultlayout`, { AutoID, controlName: control }),
    availableColumns: (control: string, AutoID?: number) =>
      call<AvailableColumn[]>('POST', `${table(control)}/GetAvailableColumnsForPage`, AutoID ? { AutoID } : {}),
    availableFilters: (control: string) => call<AvailableFilter[]>('POST', `${table(control)}/GetAvailableQueryFiltersForPage`),
    layout: (AutoID: number) => call<DescribedLayout>('POST', 'mvc/flexgridlayout/getflexgridlayout', { AutoID }),
    updateLayout: (AutoID: number, FlexGridLayout: LayoutContent) => call<Layout>('POST', 'mvc/flexgridlayout/updateflexgridlayout', { AutoID, FlexGridLayout }),
    deleteLayout: (AutoID: number) => call<Record<string, never>>('POST', 'mvc/flexgridlayout/deleteflexgridlayout', { AutoID }),
    /** The security groups a system view can be shared with (for managers of system views). */
    shareableGroups: () => call<ShareableGroup[]>('POST', 'mvc/flexgridlayout/getsecuritygroups'),
    /** Clears a user's own defaults (one's own without a Username), of one grid or all. */
    resetUserLayout: (Username: string | null, ControlName?: string) =>
      call<{ Reset: number }>('POST', 'mvc/flexgridlayout/resetuserlayout', { ...(Username ? { Username } : {}), ...(ControlName ? { ControlName } : {}) }),
    /** For managers of system views: the users who start this grid with a view of their own. */
    userDefaults: (control: string) => call<UserDefault[]>('POST', `${table(control)}/getuserdefaults`),
    single: (method: string, AutoID: number) => call<ListEntry>('POST', method, { AutoID }),
    screens: () => call<{ Screens: ScreenInfo[] }>('GET', 'mvc/definitions/screens'),
    login: (credentials: { username: string; password: string }) =>
      call<{ User: Omit<CurrentUser, 'HomePage'> }>('POST', 'mvc/account/login', credentials),
    logout: () => call<Record<string, never>>('POST', 'mvc/account/logout'),
    currentUser: () => call<CurrentUser>('GET', 'mvc/user/getcurrentuser'),
    authorization: (entries: SecurityEntry[]) => call<SecurityEntry[]>('POST', 'mvc/security/getauthorization', entries),
  };
}

export type ApiClient = ReturnType<typeof createClient>;
