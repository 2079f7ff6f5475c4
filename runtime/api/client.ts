// The runtime's typed client for the generic calls. Every call sends JSON with credentials;
// a failed call rejects with the server's documented error shape. The shapes of the calls are
// shared with the server (definitions/language/api-types.ts); the module entry re-exports them.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PICKER_PAGE_SIZE } from '../../definitions/language/index.ts';
import type {
  ApiErrorBody,
  AvailableColumn,
  AvailableFilter,
  BatchAnswer,
  ChangeStatusRequest,
  CurrentUser,
  DashboardAnswer,
  RightsMatrixAnswer,
  GrantChange,
  RowLimitProblemsAnswer,
  DescribedLayout,
  ExportLayout,
  FlexAnswer,
  FlexRequest,
  ImportTask,
  Layout,
  LayoutContent,
  ListEntry,
  CatalogueEntry,
  NewLayout,
  RunActionRequest,
  SecurityEntry,
  ShareableGroup,
  TransitionsAnswer,
  TypeChangeAnswer,
  UserDefault,
  UserLayout,
  ActivatedModules,
  LicenceAnswer,
  LicenceSave,
  RetrievedLicence,
  TableFields,
  TextSource,
  TranslationDashboard,
  TranslationList,
} from '../../definitions/language/index.ts';
import type { AnswerOf, BodyOf, ScreenDef, ScreenKind } from '../../definitions/language/index.ts';

/** An entry of a lookup: a list row (chosen by its AutoID) or a catalogue entry (chosen by its code). */
export type LookupEntry = ListEntry | CatalogueEntry;

/** The server's own text of a failed call (its Error), else the caller's fallback. */
export function errorText<F extends string | null>(error: unknown, fallback: F): string | F {
  return error instanceof CallFailed && error.body?.Error ? error.body.Error : fallback;
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
  /** Writes of this page (saves, deletes, batches): their live events are its own news, not someone else's. */
  writes?: WriteObserver;
}

export interface WriteObserver {
  /** A write to the table is sent. */
  begin: (control: string) => void;
  /** It answered, having written these records (none when it failed). */
  end: (control: string, autoids: number[]) => void;
}

export class CallFailed extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.Error);
  }
}

/** Read-only all the way down: screens live in the router's store, whose snapshots are frozen. */
type Frozen<T> = T extends (infer U)[]
  ? readonly Frozen<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/** A screen as GET mvc/definitions/screens answers it (the full definition), plus the runtime's own login route. */
export type ScreenInfo = Frozen<
  Omit<ScreenDef, 'kind'> & {
    /** 'login' and 'home' are the runtime's own routes (sign-in, start page); the server never lists them. */
    kind: ScreenKind | 'login' | 'home';
    /** A route pattern with parameters ('/membershiprequest/:requestid'); else the name (and ':id?' on detail screens). */
    path?: string;
    /** False when the server fills every field of the table's records (no Add). */
    addable?: boolean;
    /** The field dictionary's screen: the field of its rows that names their table. */
    fieldDictionary?: { tableField: string };
  }
>;

/** A screen that shows a table (every kind but an admin task of its own). */
export type TableScreen = ScreenInfo & { readonly table: string };

/** A 503 or 429 the server marks Retryable did nothing (database away, too busy): try again. */
export function isRetryable(status: number, body: unknown): boolean {
  return (status === 503 || status === 429) && (body as { Retryable?: unknown } | null)?.Retryable === true;
}

/** Tries of a call the server answered as retryable, and the longest wait between two. */
export const RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5000;

export function createClient(
  base = '/',
  hooks: ClientHooks = {},
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
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
  /** Calls that write say when they start, and which records they wrote when they answer. */
  const wrote = async <T>(control: string, send: () => Promise<T>, ids: (answer: T) => number[]): Promise<T> => {
    const observer = hooks.writes;
    observer?.begin(control);
    let written: number[] = [];
    try {
      const answer = await send();
      written = ids(answer).filter((id) => id > 0);
      return answer;
    } finally {
      observer?.end(control, written);
    }
  };
  const succeeded = (answer: BatchAnswer) => answer.Results.filter((r) => r.Result === 'SUCCESS').map((r) => r.AutoID);
  return {
    getForm: (control: string) =>
      call<{ Properties: Record<string, unknown>[]; Groups: Record<string, unknown>[] }>(
        'GET',
        `${table(control)}/GetForm`,
      ),
    getNew: (control: string) => call<Record<string, unknown>>('POST', `${table(control)}/GetNew`),
    getItem: (control: string, autoid: number) =>
      call<Record<string, unknown>>('POST', `${table(control)}/GetItem`, { autoid }),
    save: (control: string, record: Record<string, unknown>) =>
      wrote(
        control,
        () => call<Record<string, unknown>>('POST', `${table(control)}/save`, record),
        (saved) => [Number(saved.AutoID)],
      ),
    remove: (control: string, autoid: number) =>
      wrote(
        control,
        () => call<Record<string, never>>('POST', `${table(control)}/delete`, { autoid }),
        () => [autoid],
      ),
    flexData: (control: string, request: FlexRequest) =>
      call<FlexAnswer>('POST', `${table(control)}/GetFlexData`, { pageSize: DEFAULT_PAGE_SIZE, ...request }),
    /** A page of a table's rows grouped by a summary of its grid definition, with the totals over all groups. */
    summaryData: (control: string, request: BodyOf<'POST /mvc/:control/GetSummaryData'>) =>
      call<AnswerOf<'POST /mvc/:control/GetSummaryData'>>('POST', `${table(control)}/GetSummaryData`, request),
    /** A page of a lookup list (mvc/_lists/…); a catalogue (mvc/_catalogues/…) answers CatalogueEntry rows the same way. */
    list: (
      method: string,
      request: { searchKey?: string; page?: number; pageSize?: number; Archive?: boolean; [param: string]: unknown },
    ) =>
      call<{ Data: ListEntry[]; Meta: { HasMore: boolean } }>('POST', method, {
        pageSize: PICKER_PAGE_SIZE,
        ...request,
      }),
    userLayout: (control: string) =>
      call<UserLayout>('POST', `${table(control)}/GetUserFlexGridLayout`, { controlName: control }),
    layouts: (
      control: string,
      Filter: { PageSize: number; PageIndex: number } = { PageSize: MAX_PAGE_SIZE, PageIndex: 0 },
    ) =>
      call<{ Data: Layout[]; Meta: { Count: number; Columns: Record<string, unknown>[] } }>(
        'POST',
        `${table(control)}/getflexgridlayouts`,
        { ControlName: control, Filter },
      ),
    createLayout: (control: string, layout: Omit<NewLayout, 'ControlName'>) =>
      call<Layout>('POST', `${table(control)}/createnewflexgridlayout`, { ...layout, ControlName: control }),
    setDefaultLayout: (control: string, AutoID: number) =>
      call<Record<string, never>>('POST', `${table(control)}/updatedefaultlayout`, { AutoID, controlName: control }),
    availableColumns: (control: string, AutoID?: number) =>
      call<AvailableColumn[]>('POST', `${table(control)}/GetAvailableColumnsForPage`, AutoID ? { AutoID } : {}),
    availableFilters: (control: string) =>
      call<AvailableFilter[]>('POST', `${table(control)}/GetAvailableQueryFiltersForPage`),
    layout: (AutoID: number) => call<DescribedLayout>('POST', 'mvc/flexgridlayout/getflexgridlayout', { AutoID }),
    updateLayout: (AutoID: number, FlexGridLayout: LayoutContent) =>
      call<Layout>('POST', 'mvc/flexgridlayout/updateflexgridlayout', { AutoID, FlexGridLayout }),
    deleteLayout: (AutoID: number) =>
      call<Record<string, never>>('POST', 'mvc/flexgridlayout/deleteflexgridlayout', { AutoID }),
    /** The security groups a system view can be shared with (for managers of system views). */
    shareableGroups: () => call<ShareableGroup[]>('POST', 'mvc/flexgridlayout/getsecuritygroups'),
    /** Clears a user's own defaults (one's own without a Username), of one grid or all. */
    resetUserLayout: (Username: string | null, ControlName?: string) =>
      call<AnswerOf<'POST /mvc/flexgridlayout/resetuserlayout'>>('POST', 'mvc/flexgridlayout/resetuserlayout', {
        ...(Username ? { Username } : {}),
        ...(ControlName ? { ControlName } : {}),
      }),
    /** For managers of system views: the users who start this grid with a view of their own. */
    userDefaults: (control: string) => call<UserDefault[]>('POST', `${table(control)}/getuserdefaults`),
    /** One entry of a lookup: a list row by AutoID; a catalogue entry (a CatalogueEntry) by its code. */
    single: (method: string, key: number | string) =>
      call<ListEntry>('POST', method, typeof key === 'number' ? { AutoID: key } : { ID: key }),
    screens: () => call<{ Screens: ScreenInfo[] }>('GET', 'mvc/definitions/screens'),
    /** The languages on offer (the active content languages); answered before sign-in too. */
    languages: () => call<AnswerOf<'GET /mvc/definitions/languages'>>('GET', 'mvc/definitions/languages'),
    // Business records (docs/business-records.md): workflow transitions, actions, status log, dashboard.
    transitions: (control: string, autoid: number) =>
      call<TransitionsAnswer>('POST', `${table(control)}/GetTransitions`, { autoid }),
    /** What a save would derive for the record as the form holds it (a line's price from its product). */
    derive: (control: string, record: Record<string, unknown>) =>
      call<AnswerOf<'POST /mvc/:control/Derive'>>('POST', `${table(control)}/Derive`, record),
    typeChange: (control: string, autoid: number, type: number | null) =>
      call<TypeChangeAnswer>('POST', `${table(control)}/TypeChange`, { autoid, Type: type }),
    changeStatus: (control: string, request: ChangeStatusRequest) =>
      wrote(control, () => call<BatchAnswer>('POST', `${table(control)}/ChangeStatus`, request), succeeded),
    runAction: (control: string, request: RunActionRequest) =>
      wrote(control, () => call<BatchAnswer>('POST', `${table(control)}/RunAction`, request), succeeded),
    statusLog: (control: string, autoid: number) =>
      call<AnswerOf<'POST /mvc/:control/GetStatusLog'>>('POST', `${table(control)}/GetStatusLog`, { autoid }),
    /** Without autoid: a dashboard screen's tab over every row the user sees. */
    dashboard: (control: string, autoid: number | undefined, Tab: string) =>
      call<DashboardAnswer>('POST', `${table(control)}/GetDashboard`, { autoid, Tab }),
    rightsMatrix: (control: string, autoid: number, Tab: string) =>
      call<RightsMatrixAnswer>('POST', `${table(control)}/GetRightsMatrix`, { autoid, Tab }),
    /** Changes cells of a rights matrix in one transaction (the grant table's writes); answers the matrix then. */
    saveGrants: (control: string, grants: string, autoid: number, Tab: string, Changes: GrantChange[]) =>
      wrote(
        grants,
        () => call<RightsMatrixAnswer>('POST', `${table(control)}/SaveGrants`, { autoid, Tab, Changes }),
        (answer) => answer.Grants.map((g) => g.AutoID),
      ),
    rowLimitProblems: (control: string, autoid: number) =>
      call<RowLimitProblemsAnswer>('POST', `${table(control)}/GetRowLimitProblems`, { autoid }),
    // Live events (docs/operations.md): the polling call; the stream is an EventSource.
    livePoll: (LastReceived: string | null) =>
      call<LivePollAnswer>('POST', 'mvc/liveevents/poll', LastReceived ? { LastReceived } : {}),
    /** Exports a grid's GetFlexData request in the background, as shown or as an import takes it back; answers the download request. */
    reports: (table: string) =>
      call<AnswerOf<'GET /mvc/reports/List'>>('GET', `mvc/reports/List?table=${encodeURIComponent(table)}`),
    /** Prints a report of a grid selection in the background, one PDF or a zip; answers the download request. */
    requestReportSelection: (Table: string, Report: string, AutoIDs: number[], Language: string, As: 'pdf' | 'zip') =>
      call<Record<string, unknown>>('POST', 'mvc/reports/RequestSelection', { Table, Report, AutoIDs, Language, As }),
    requestExport: (Table: string, Request: FlexRequest, Layout: ExportLayout = 'GridLayout') =>
      call<Record<string, unknown>>('POST', 'mvc/downloadrequests/RequestExport', {
        Table,
        Request: { ...Request, pageIndex: 0 },
        Layout,
      }),
    // Spreadsheet import (spec 1 section 7). StartImport (multipart) and the files are in transfer.ts.
    importDestinations: (filter?: string) =>
      call<AnswerOf<'POST /mvc/import/GetDestinations'>>(
        'POST',
        'mvc/import/GetDestinations',
        filter ? { filter } : {},
      ),
    importAdvancedMode: () => call<AnswerOf<'POST /mvc/import/GetAdvancedMode'>>('POST', 'mvc/import/GetAdvancedMode'),
    importCode: () => call<AnswerOf<'POST /mvc/import/GetCode'>>('POST', 'mvc/import/GetCode'),
    /** On with the code GetCode gave and the user typed; off with { AdvancedMode: false }. A wrong code answers 400 on VerificationCode. */
    setImportAdvancedMode: (request: { Code: string; VerificationCode: string } | { AdvancedMode: false }) =>
      call<AnswerOf<'POST /mvc/import/SetAdvancedMode'>>('POST', 'mvc/import/SetAdvancedMode', request),
    /** The task with its results; `page` picks a page of its failed rows (the first, of 50, unless given). */
    importTask: (autoid: number, page?: { pageIndex: number; pageSize?: number }) =>
      call<ImportTask>('POST', `mvc/import/GetItem?autoid=${autoid}`, page),
    cancelImport: (autoid: number) => call<ImportTask>('POST', `mvc/import/Cancel?autoid=${autoid}`),
    // The licence (spec 1 sections 2-5, spec 3 section 6), under mvc/license; every call sends an empty body but Save.
    /** This installation's product code: 32 characters, no dashes. */
    licenceProductCode: () => call<AnswerOf<'POST /mvc/license/PrCode'>>('POST', 'mvc/license/PrCode'),
    licence: () => call<LicenceAnswer>('POST', 'mvc/license/Get'),
    /** Activates a licence (productCode with its segments joined by dashes); a refusal answers 400 with Error. */
    saveLicence: (licence: LicenceSave) => call<LicenceAnswer>('POST', 'mvc/license/Save', licence),
    activatedModules: () => call<ActivatedModules>('POST', 'mvc/license/ActivatedModules'),
    /** The licence data the runtime keeps under its hash. */
    retrieveLicence: () => call<RetrievedLicence>('POST', 'mvc/license/Retrieve'),
    /** A table's fields with their origin, for the field dictionary. */
    tableFields: (table: string) =>
      call<TableFields>('GET', `mvc/definitions/fields?table=${encodeURIComponent(table)}`),
    /** The planning board of a period: its plannable tables, rows, bars and unplanned records. */
    planningBoard: (request: BodyOf<'POST /mvc/planning/Board'>) =>
      call<AnswerOf<'POST /mvc/planning/Board'>>('POST', 'mvc/planning/Board', request),
    /** The planning board's saved configurations, under the board's right. */
    planningMonitors: () => call<AnswerOf<'POST /mvc/planning/Monitors'>>('POST', 'mvc/planning/Monitors', {}),
    /** Planned against available hours per team and week (capacity planning). */
    planningCapacity: (request: BodyOf<'POST /mvc/planning/Capacity'>) =>
      call<AnswerOf<'POST /mvc/planning/Capacity'>>('POST', 'mvc/planning/Capacity', request),
    // Translations edited at run time (spec 3 admin tasks translations and translationdashboard).
    translationDashboard: (language?: string) =>
      call<TranslationDashboard>('POST', 'mvc/translations/Dashboard', language ? { Language: language } : {}),
    translations: (request: {
      Language: string;
      Search?: string;
      Filter?: 'all' | 'missing' | 'corrected';
      Source?: TextSource;
      Skip?: number;
      Take?: number;
    }) => call<TranslationList>('POST', 'mvc/translations/List', request),
    saveTranslation: (change: { Language: string; Text: string; Source: TextSource; Translation: string | null }) =>
      call<AnswerOf<'POST /mvc/translations/Save'>>('POST', 'mvc/translations/Save', change),
    /** The runtime strings the site corrects in a language, compiled under the catalog ids; answered before sign-in too. */
    runtimeTexts: (language: string) =>
      call<AnswerOf<'GET /mvc/definitions/runtimetexts'>>(
        'GET',
        `mvc/definitions/runtimetexts?language=${encodeURIComponent(language)}`,
      ),
    /** A new secret for an API client, answered this once (security: the old one and its tokens end). */
    newClientSecret: (autoid: number) =>
      call<AnswerOf<'POST /mvc/apiclient/newsecret'>>('POST', 'mvc/apiclient/newsecret', { AutoID: autoid }),
    /** The open sessions (session user logs), the most recently active first. */
    sessionLogs: (username: string | null) =>
      call<AnswerOf<'POST /mvc/sessionuserlogs/Get'>>('POST', 'mvc/sessionuserlogs/Get', { Username: username }),
    /** Ends these sessions on every process. */
    forceLogout: (ids: string[]) =>
      call<AnswerOf<'POST /mvc/sessionuserlogs/ForceLogout'>>('POST', 'mvc/sessionuserlogs/ForceLogout', { Ids: ids }),
    login: (credentials: { username: string; password: string }) =>
      call<AnswerOf<'POST /mvc/account/login'>>('POST', 'mvc/account/login', credentials),
    logout: () => call<Record<string, never>>('POST', 'mvc/account/logout'),
    /** The single sign-on providers on offer (public). */
    identityProviders: () =>
      call<AnswerOf<'GET /mvc/account/identityproviders'>>('GET', 'mvc/account/identityproviders'),
    // The life of an account before there is a session (docs/identity.md).
    registration: () => call<AnswerOf<'GET /mvc/account/registration'>>('GET', 'mvc/account/registration'),
    register: (body: BodyOf<'POST /mvc/account/register'>) =>
      call<Record<string, never>>('POST', 'mvc/account/register', body),
    checkLink: (body: BodyOf<'POST /mvc/account/checklink'>) =>
      call<AnswerOf<'POST /mvc/account/checklink'>>('POST', 'mvc/account/checklink', body),
    activate: (body: BodyOf<'POST /mvc/account/activate'>) =>
      call<Record<string, never>>('POST', 'mvc/account/activate', body),
    recover: (body: BodyOf<'POST /mvc/account/recover'>) =>
      call<Record<string, never>>('POST', 'mvc/account/recover', body),
    resetPassword: (body: BodyOf<'POST /mvc/account/resetpassword'>) =>
      call<Record<string, never>>('POST', 'mvc/account/resetpassword', body),
    currentUser: () => call<CurrentUser>('GET', 'mvc/user/getcurrentuser'),
    authorization: (entries: SecurityEntry[]) =>
      call<SecurityEntry[]>('POST', 'mvc/security/getauthorization', entries),
  };
}

export type ApiClient = ReturnType<typeof createClient>;

import type { LiveMessage, LivePollAnswer } from '../../definitions/language/index.ts';

export type { LiveMessage, LivePollAnswer };
