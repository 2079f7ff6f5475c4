// The shapes of the API's calls as TypeScript types, shared by the server and the runtime.
// Most are read off the call schemas of api-schemas.ts (AnswerOf, BodyOf), so a type cannot
// drift from what the edge validates and the tests check every answer against.
import type { FilterKind } from './field-types.ts';
import type { IMPORT } from './constants.ts';
import type { RightAction } from './types.ts';
import type { AnswerOf, BodyOf } from './api-schemas.ts';

export interface ApiErrorBody {
  Error: string;
  /** The error's code (docs/api-guide.md, errors) and its message id with arguments, to translate it. */
  Code?: string;
  Key?: string;
  Args?: string[];
  ModelState: Record<string, string[]>;
  TranslationModelState: { ModelState: Record<string, { Key: string; Value: string[] }[]> };
  Authenticated?: boolean;
  /** The identity provider a user must link the account to first (SSO_MIGRATION_REQUIRED). */
  MigrateTo?: string;
}

export type SecurityEntry = AnswerOf<'POST /mvc/security/getauthorization'>[number];

export type CurrentUser = AnswerOf<'GET /mvc/user/getcurrentuser'>;

/** A condition on a field; columnFilter and dataFilter may also be maps of FieldName to Value. */
export interface FieldCondition {
  FieldName: string;
  Operator?: string;
  Value?: unknown;
}
type FieldValues = Record<string, unknown> | FieldCondition[];

export interface FlexRequest {
  dataSource?: 0 | 1 | 2;
  pageIndex?: number;
  pageSize?: number;
  order?: string | null;
  searchExpressions?: string | string[] | null;
  /** The view's visible columns: the server answers only these, with their width and alignment. */
  flexGridLayoutColumns?: (string | LayoutColumnRequest)[] | null;
  operatorFilter?: (FieldCondition & { Operator: string })[] | null;
  columnFilter?: FieldValues | null;
  dataFilter?: FieldValues | null;
  /** A named data set of the table's screen (active, mine …), applied on the server. */
  dataSet?: string | null;
}

export type ColumnAlignment = 0 | 1 | 2;
/** 0 a system view (a role view when it names a security group), 1 a user's own view. */
export type LayoutType = 0 | 1;

export interface LayoutColumnRequest {
  FieldName: string;
  ColumnWidth?: number;
  ColumnAlignment?: ColumnAlignment;
}

/** A view's advanced filter; `in` (is one of) holds its picked values (AutoIDs of a list, codes of a choice). */
export interface LayoutFilter {
  Operator: string;
  Value: string | number | boolean | null | (string | number)[];
}

export interface LayoutColumn {
  FieldName: string;
  ColumnWidth: number;
  ColumnAlignment: ColumnAlignment;
  Visible: boolean;
  /** The column's quick filter, '' for none. */
  Search: string;
  AdvancedFilters: LayoutFilter[];
}

/** What a view holds of the grid. */
export interface LayoutContent {
  Columns: LayoutColumn[];
  PageSize: number;
  Sort: string;
}

/** A view's content as a save sends it: what is left out takes its default. */
export interface LayoutContentRequest {
  Columns: (Pick<LayoutColumn, 'FieldName'> & Partial<LayoutColumn>)[];
  PageSize?: number | null;
  Sort?: string | null;
}

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

export type ViewPermissions = NonNullable<AnswerOf<'POST /mvc/:control/GetUserFlexGridLayout'>['Permissions']>;

/** A single layout as GetUserFlexGridLayout and getflexgridlayout answer it: with its columns described. */
export interface DescribedLayout extends Layout {
  Meta?: { Columns: FlexColumn[] };
  /** The fields a row's card shows on a phone, in order (the first is its title); empty: the first columns. */
  Card?: string[];
}
export interface UserLayout extends DescribedLayout {
  Permissions: ViewPermissions;
}

export interface NewLayout {
  Name: string;
  FlexGridLayout: LayoutContent;
  ControlName: string;
  LayoutType: LayoutType;
  SetAsDefaultLayout: boolean;
  SecurityGroupID?: number | null;
}

export type AvailableColumn = AnswerOf<'POST /mvc/:control/GetAvailableColumnsForPage'>[number];

export type AvailableFilter = AnswerOf<'POST /mvc/:control/GetAvailableQueryFiltersForPage'>[number];

/** A grid column as GetFlexData and a described view answer it. */
export interface FlexColumn {
  FieldName: string;
  Title?: string;
  /** 0 text, 2 image. */
  ColumnType?: number;
  /** 0 left, 1 center, 2 right. */
  ColumnAlignment?: number;
  ColumnWidth?: number;
  /** 3 time, 5 date, 9 date and time, 10 date and time with seconds. */
  Format?: number;
  FieldType?: string;
  /** A decimal column's number of decimals: every cell shows that many (302,50). */
  Decimals?: number;
  IsSortable?: boolean;
  Search?: boolean;
  /** How the column is filtered: list columns by their text and picked rows, choice columns by their options. */
  AdvancedFilterType?: FilterKind;
  /** A choice (select) column's options, labels in the user's language: cells show the label of their code. */
  Options?: readonly ChoiceOption[];
  /** A list column's lookup (`mvc/_lists/<list>`), to pick the rows an `in` filter names. */
  ListMethod?: string;
  /** The right whose lack leaves this list column's text empty for the user. */
  Restricted?: MissingRight;
}

/** A right the user lacks, by code and by name in their language ("Relaties inzien (2.1)"). */
export interface MissingRight {
  Right: string;
  Name: string;
}

export interface ChoiceOption {
  Value: string;
  Label: string;
}

export interface FlexAnswer<R = Record<string, unknown>> {
  Data: R[];
  Meta: {
    Count: number;
    CountEstimated: boolean;
    PageIndex: number;
    PageSize: number;
    Columns: FlexColumn[];
    /** The rights whose lack keeps rows of this grid from the user (states they may not see). */
    Unseen?: MissingRight[];
  };
}

export type UserDefault = AnswerOf<'POST /mvc/:control/getuserdefaults'>[number];

export type ShareableGroup = AnswerOf<'POST /mvc/flexgridlayout/getsecuritygroups'>[number];

export interface ListEntry {
  AutoID: number;
  ID: string | null;
  Descr: string;
  Archive: boolean;
  /** The list's context fields (a purchase order line's order number and quantities), when it names them. */
  Detail?: string | null;
}
/**
 * An entry of a catalogue of the definitions (mvc/_catalogues/rights): the code (ID), "name (code)"
 * in the user's language, the actions the user may choose for it, and the titles of the screens
 * and tables it guards that its name does not already say (Detail).
 */
export interface CatalogueEntry {
  ID: string;
  Descr: string;
  Name: string;
  Actions: RightAction[];
  Detail: string | null;
}

/** A value asked of the user when starting a transition or an action (see PromptDef). */
export type PromptInfo = TransitionInfo['Prompts'][number];

export type StateValue = string | number | boolean;

export type TransitionInfo = TransitionsAnswer['Transitions'][number];

/** What changing a record's type would lose and keep of its typed properties, and the question to ask. */
export type TypeChangeAnswer = AnswerOf<'POST /mvc/:control/TypeChange'>;
export type TransitionsAnswer = AnswerOf<'POST /mvc/:control/GetTransitions'>;

/** SUCCESS, FAILED or IGNORED per item (spec 3 section 9; PENDING is the runtime's while it waits). */
export type BatchResultKind = 'SUCCESS' | 'FAILED' | 'IGNORED';

export type BatchItem = BatchAnswer['Results'][number];

export type BatchAnswer = AnswerOf<'POST /mvc/:control/ChangeStatus'>;

/** `TimeStamp`: the record's TimeStamp as the client read it (one autoid only): a record changed since is refused with 409. */
export interface ChangeStatusRequest {
  autoids: number[];
  Transition: string;
  Values?: Record<string, unknown>;
  TimeStamp?: number;
}
export interface RunActionRequest {
  Action: string;
  autoids: number[];
  Values?: Record<string, unknown>;
}

export type StatusLogEntry = AnswerOf<'POST /mvc/:control/GetStatusLog'>['Data'][number];

export type DashboardAnswer = AnswerOf<'POST /mvc/:control/GetDashboard'>;

export type RightsMatrixAnswer = AnswerOf<'POST /mvc/:control/GetRightsMatrix'>;
/** A cell of a rights matrix as SaveGrants changes it. */
export type GrantChange = BodyOf<'POST /mvc/:control/SaveGrants'>['Changes'][number];
export type RowLimitProblemsAnswer = AnswerOf<'POST /mvc/:control/GetRowLimitProblems'>;

/** One live event as the stream and the polling call answer it (spec 1 §3). */
export type LiveMessage = LivePollAnswer['Events'][number];
export type LivePollAnswer = AnswerOf<'POST /mvc/liveevents/poll'>;

/** An uploaded file, as `POST mvc/files/upload` answers it. */
export type UploadedFile = AnswerOf<'POST /mvc/files/upload'>[number];

/** Spreadsheet import (spec 1 §3, spec 3 §7). A destination is a table, by name and label. */
export type ImportDestination = AnswerOf<'POST /mvc/import/GetDestinations'>['Data'][number];
export type BooleanFormat = (typeof IMPORT.BooleanFormat)[number];
export type DecimalFormat = (typeof IMPORT.DecimalFormat)[number];
export type DateFormat = (typeof IMPORT.DateFormat)[number];
export type ExportLayout = (typeof IMPORT.ExportLayout)[number];
export interface ImportNotations {
  BooleanFormat: BooleanFormat;
  DecimalFormat: DecimalFormat;
  DateFormat: DateFormat;
}
/** The import form (multipart StartImport): the notations, Overwrite, DryRun, and the file as the part File. */
export interface ImportForm extends ImportNotations {
  Destination: string;
  FileName?: string;
  Overwrite: boolean;
  DryRun?: boolean;
}
export interface ImportTask extends ImportNotations {
  AutoID: number;
  Descr?: string | null;
  Destination: string;
  ProcessState: number;
  ProcessState_Enum: string;
  ProcessResult: number;
  ProcessResult_Enum: string;
  ErrorMessage: string | null;
  TotalRecords: number;
  ProcessedRecords: number;
  FailedRecords: number;
  SkippedRecords: number;
  CurrentRow: number;
  ProcessDate: string | null;
  /** Seconds. */
  ProcessDuration: number | null;
  Filename: string | null;
  OutputFilename: string | null;
  Overwrite: boolean;
  DryRun: boolean;
  /** GetItem: the rows created and updated, and a page of the failed rows with every problem. */
  Results?: ImportResults;
}
/** What an import task says about its rows (GetItem). */
export type ImportResults = NonNullable<AnswerOf<'POST /mvc/import/GetItem'>['Results']>;
/** A failed row of an import task, with every problem in the reader's language. */
export type ImportFailedRow = ImportResults['FailedRows'][number];
/** A message of the import progress stream. */
export interface ImportProgress {
  CurrentRow: number;
  TotalRows: number;
  Finished: boolean;
}
export type TemplateRequest = BodyOf<'POST /mvc/import/GenerateTemplate'>;

/**
 * The licence (spec 1 §3): the product code with its four segments joined by dashes. Without an
 * activated licence, `Licensed` is false and `Modules` are those the installation's setting names;
 * with one that lapsed (`Lapsed`: expired, or no longer signed by the configured key) there are none.
 */
export type LicenceAnswer = AnswerOf<'POST /mvc/license/Get'>;
export type LicenceSave = BodyOf<'POST /mvc/license/Save'>;
export type ActivatedModules = AnswerOf<'POST /mvc/license/ActivatedModules'>;
export type RetrievedLicence = AnswerOf<'POST /mvc/license/Retrieve'>;

/** Translations edited at run time (spec 3 admin tasks `translations`, `translationdashboard`). */
export type TextSource = 'definition' | 'runtime';
export interface TranslationEntry {
  Source: TextSource;
  Text: string;
  Dutch: string;
  Shipped: string | null;
  Corrected: string | null;
}
export interface TranslationList {
  Total: number;
  Items: TranslationEntry[];
}
export type LanguageCounts = TranslationDashboard['Languages'][number];
export type TranslationDashboard = AnswerOf<'POST /mvc/translations/Dashboard'>;

/** A table's fields as the field dictionary shows them (`GET mvc/definitions/fields?table=`). */
export type TableFields = AnswerOf<'GET /mvc/definitions/fields'>;
