// The JSON Schemas of the API's calls: what each call takes (body, query) and what it answers.
// The server validates requests with them and publishes them as OpenAPI; the tests check every
// answer against them. Shared parts are named in API_COMPONENTS (OpenAPI refers to them by name).
import { ACTION_CODES, IMPORT } from './constants.ts';
import { MAX_FILTER_VALUES } from './field-types.ts';
import {
  anyObject,
  anyOf,
  anyValue,
  bool,
  int,
  list,
  nullable,
  num,
  object,
  oneOf,
  open,
  str,
  text,
  typed,
  whole,
  type Infer,
} from './typed-schema.ts';
import { FormAnswer } from './form-schema.ts';

type Schema = Record<string, unknown>;

const TextSource = oneOf(['definition', 'runtime']);
const empty = object({});

const AutoID = typed<number | string>({
  type: ['integer', 'string'],
  description: 'A whole number of 0 or more (as a number or as digits)',
});

/** A record of a table: its fields as the definitions name them (per table in the OpenAPI of a user). */
export const RecordSchema = open({ AutoID: whole(), TimeStamp: whole() });

/** A row the user can open to put right what failed, by its table and AutoID. */
const RowToOpen = object({ Table: str(), AutoID: whole() }, ['Table', 'AutoID']);

export const ErrorAnswer = object(
  {
    Error: str(),
    Code: str(),
    Key: str(),
    Args: list(str()),
    ModelState: { type: 'object', additionalProperties: list(str()) },
    TranslationModelState: object(
      {
        ModelState: {
          type: 'object',
          additionalProperties: list(object({ Key: str(), Value: list(str()) }, ['Key', 'Value'])),
        },
      },
      ['ModelState'],
    ),
    /** Whether the session is valid, on a 403. */
    Authenticated: bool,
    /** Nothing was done: the call may be made again (Retry-After says when). */
    Retryable: bool,
    /** The stored row's version, on a 409 for a stale TimeStamp. */
    Current: object({ TimeStamp: whole(), ModifiedBy: nullable(str()) }, ['TimeStamp', 'ModifiedBy']),
    /** A row to open and put right what the refusal is about (a receipt's product without an object type). */
    Open: RowToOpen,
    /** The OAuth 2.0 error code of a refusal of POST /oauth/token (RFC 6749 §5.2). */
    error: str(),
    /** The identity provider (its code) a user must link the account to first (SSO_MIGRATION_REQUIRED). */
    MigrateTo: str(),
  },
  ['Error', 'Code', 'ModelState', 'TranslationModelState'],
);

const Alignment = oneOf([0, 1, 2]);
/** A filter's value: anything (the handler checks it against the column), and an `in` filter's list of at most MAX_FILTER_VALUES. */
const FilterValue = typed<unknown>({ maxItems: MAX_FILTER_VALUES });
const Filter = object({ FieldName: text(100), Operator: text(20), Value: FilterValue }, ['FieldName']);
const FieldValues = anyOf(typed<Record<string, unknown>>({ type: 'object', maxProperties: 100 }), list(Filter, 100));
const LayoutColumnRequest = anyOf(
  text(100),
  object({ FieldName: text(100), ColumnWidth: whole(0, 2000), ColumnAlignment: Alignment }, ['FieldName']),
);

export const FlexRequest = object({
  dataSource: oneOf([0, 1, 2]),
  pageIndex: whole(0, 1_000_000),
  pageSize: whole(1, 1000),
  order: nullable(text(1000)),
  searchExpressions: nullable(anyOf(text(2000), list(text(2000), 10))),
  flexGridLayoutColumns: nullable(list(LayoutColumnRequest, 500)),
  dataSet: nullable(text(100)),
  operatorFilter: nullable(list(Filter, 100)),
  columnFilter: nullable(FieldValues),
  dataFilter: nullable(FieldValues),
});

/** GetSummaryData: the filters of GetFlexData, and a grid definition's summary or the groups and measures themselves. */
export const SummaryRequest = object({
  dataSource: oneOf([0, 1, 2]),
  pageIndex: whole(0, 1_000_000),
  pageSize: whole(1, 1000),
  order: nullable(text(1000)),
  searchExpressions: nullable(anyOf(text(2000), list(text(2000), 10))),
  dataSet: nullable(text(100)),
  operatorFilter: nullable(list(Filter, 100)),
  columnFilter: nullable(FieldValues),
  dataFilter: nullable(FieldValues),
  summary: nullable(text(100)),
  groupBy: nullable(
    list(
      object({ FieldName: text(100), Bucket: oneOf(['day', 'week', 'month', 'quarter', 'year']) }, ['FieldName']),
      5,
    ),
  ),
  measures: nullable(list(object({ FieldName: text(100), Aggregate: oneOf(['sum', 'count']) }, ['Aggregate']), 20)),
});

/** A right the user lacks, by code and by name ("Relaties inzien (2.1)"): what keeps rows or texts from them. */
const MissingRight = object({ Right: str(), Name: str() }, ['Right', 'Name']);

/** A grid column as GetFlexData and a described view answer it. */
const FlexColumn = object(
  {
    FieldName: str(),
    Title: str(),
    ColumnType: oneOf([0, 2]),
    ColumnAlignment: Alignment,
    ColumnWidth: whole(),
    Format: int,
    FieldType: str(),
    Decimals: whole(),
    IsSortable: bool,
    Search: bool,
    AdvancedFilterType: str(),
    Options: list(object({ Value: str(), Label: str() }, ['Value', 'Label'])),
    ListMethod: str(),
    Restricted: MissingRight,
  },
  ['FieldName'],
);

export const FlexAnswer = object(
  {
    Data: list(RecordSchema, 1000),
    Meta: object(
      {
        Count: whole(),
        CountEstimated: bool,
        PageIndex: whole(),
        PageSize: whole(),
        Columns: list(FlexColumn),
        Unseen: list(MissingRight),
      },
      ['Count', 'CountEstimated', 'PageIndex', 'PageSize', 'Columns'],
    ),
  },
  ['Data', 'Meta'],
);

/** A page of groups: each group's columns (a list column with its `_Descr`) and measures, the totals over all groups. */
export const SummaryAnswer = object(
  {
    Data: list(RecordSchema, 1000),
    Meta: object(
      {
        Count: whole(),
        PageIndex: whole(),
        PageSize: whole(),
        Title: str(),
        Columns: list(
          open({ FieldName: str(), Group: object({ Bucket: str() }), Aggregate: oneOf(['sum', 'count']) }, [
            'FieldName',
          ]),
        ),
        Totals: typed<Record<string, number>>({ type: 'object', additionalProperties: { type: 'number' } }),
      },
      ['Count', 'PageIndex', 'PageSize', 'Columns', 'Totals'],
    ),
  },
  ['Data', 'Meta'],
);

export const ListEntry = object(
  {
    AutoID: whole(),
    ID: nullable(typed<string | number>({ type: ['string', 'number'] })),
    Descr: nullable(typed<string | number>({ type: ['string', 'number'] })),
    Archive: bool,
    /** The list's context fields (ListDef.context), shown under the entry. */
    Detail: nullable(str()),
  },
  ['AutoID', 'ID', 'Descr', 'Archive'],
);
/** An entry of a catalogue of the definitions (a right): its code, "name (code)", and the actions the user may choose. */
export const CatalogueEntry = object(
  {
    ID: str(),
    Descr: str(),
    Name: str(),
    Actions: list(oneOf(['read', 'update', 'create', 'delete', 'createorupdate', 'execute']), 6),
    Detail: nullable(str()),
  },
  ['ID', 'Descr', 'Name', 'Actions', 'Detail'],
);

const LayoutFilter = object({ Operator: str(), Value: anyValue }, ['Operator']);
const LayoutColumn = object(
  {
    FieldName: str(),
    ColumnWidth: whole(),
    ColumnAlignment: oneOf([0, 1, 2]),
    Visible: bool,
    Search: str(),
    AdvancedFilters: list(LayoutFilter),
  },
  ['FieldName'],
);
export const LayoutContent = object({ Columns: list(LayoutColumn, 500), PageSize: whole(), Sort: str() });
/** A view's content as a client sends it; its fields, filters and sort are then checked against the table. */
const LayoutContentRequest = object(
  {
    Columns: list(
      object(
        {
          FieldName: text(100),
          ColumnWidth: whole(0, 2000),
          ColumnAlignment: Alignment,
          Visible: bool,
          Search: text(200),
          AdvancedFilters: list(
            object(
              {
                Operator: text(20),
                Value: typed<string | number | boolean | null | (string | number)[]>({
                  type: ['string', 'number', 'boolean', 'null', 'array'],
                  items: { type: ['string', 'number'] },
                  maxItems: MAX_FILTER_VALUES,
                }),
              },
              ['Operator'],
            ),
            20,
          ),
        },
        ['FieldName'],
      ),
      500,
    ),
    PageSize: nullable(whole(1, 1000)),
    Sort: nullable(text(200)),
  },
  ['Columns'],
);
const ViewId = whole(1);
export const Layout = object(
  {
    AutoID: whole(),
    Name: nullable(str()),
    LayoutType: oneOf([0, 1]),
    ControlName: str(),
    DefaultLayout: bool,
    Columns: list(LayoutColumn, 500),
    PageSize: whole(),
    Sort: str(),
    CreateDate: str(),
    SecurityGroupID: nullable(whole()),
    SecurityGroup: nullable(str()),
    Owner: nullable(str()),
    FromDefinitions: bool,
    CanChange: bool,
    /** A single view (GetUserFlexGridLayout, getflexgridlayout): its columns described as GetFlexData describes them. */
    Meta: object({ Columns: list(FlexColumn, 500) }, ['Columns']),
    /** A single view: the fields a row's card shows on a phone (the grid definition's `card`, hidden fields left out). */
    Card: list(str(), 6),
    /** GetUserFlexGridLayout: what the user may do with views. */
    Permissions: object({ AllowChangeUserViews: bool, AllowChangeSystemViews: bool }, [
      'AllowChangeUserViews',
      'AllowChangeSystemViews',
    ]),
  },
  ['AutoID', 'Name', 'LayoutType', 'ControlName', 'Columns'],
);

const Action = oneOf([...Object.keys(ACTION_CODES), ...new Set(Object.values(ACTION_CODES)), 'execute']);
const SecurityQuestion = object({ ID: text(100), Action, Grant: bool }, ['ID', 'Action']);
const SecurityEntry = object({ ID: str(), Action: str(), Grant: bool }, ['ID', 'Action']);
/** The signed-in user; signing in answers it without Email and HomePage. */
const CurrentUser = object(
  {
    AutoID: whole(),
    Username: str(),
    Person_Descr: nullable(str()),
    Email: nullable(str()),
    HomePage: nullable(str()),
    /** Getcurrentuser: the user may do everything (their menu starts with the administration folded). */
    FullAccess: bool,
  },
  ['AutoID', 'Username', 'Person_Descr'],
);

const StateValue = typed<string | number | boolean>({ type: ['string', 'number', 'boolean'] });
const Prompt = object(
  {
    Name: str(),
    Label: str(),
    Type: oneOf(['text', 'textarea', 'date', 'datetime', 'integer', 'decimal', 'bool', 'list', 'select']),
    Required: bool,
    ListMethod: str(),
    /** Sent as `For` with the lookup: the prompt's filter (`where`) limits the rows offered. */
    For: str(),
    Options: list(object({ value: str(), label: str() }, ['value', 'label'])),
    MaxLength: whole(),
    /** What the prompt starts with: `$today` (the user's today), or a value of its type. */
    Default: typed<string | number | boolean>({ type: ['string', 'number', 'boolean'] }),
  },
  ['Name', 'Label', 'Type', 'Required'],
);
/** A record's rights matrix: every right of the catalogue and the record's grant rows. */
const RightsMatrix = object(
  {
    Rights: list(
      object(
        {
          Code: str(),
          Name: str(),
          Actions: list(oneOf(['read', 'update', 'create', 'delete', 'createorupdate', 'execute'])),
          Uses: list(str()),
          Parent: nullable(str()),
          ParentTitle: nullable(str()),
          Area: oneOf(['screens', 'settings', 'systemtables']),
          Requires: list(str(), 100),
        },
        ['Code', 'Name', 'Actions', 'Uses', 'Parent', 'ParentTitle', 'Area', 'Requires'],
      ),
      10_000,
    ),
    Grants: list(
      object({ AutoID: whole(), TimeStamp: whole(), Right: str(), Action: str(), Grant: nullable(bool) }, [
        'AutoID',
        'TimeStamp',
        'Right',
        'Action',
        'Grant',
      ]),
      100_000,
    ),
    CanCreate: bool,
    CanUpdate: bool,
    CanDelete: bool,
  },
  ['Rights', 'Grants', 'CanCreate', 'CanUpdate', 'CanDelete'],
);
const BatchItem = object(
  {
    AutoID: whole(),
    ID: nullable(str()),
    Description: nullable(str()),
    Result: oneOf(['SUCCESS', 'FAILED', 'IGNORED']),
    Error: nullable(str()),
    Key: nullable(str()),
    Args: list(str()),
    Open: RowToOpen,
    /** Said of a record the work was done on (a transition's warnings: questions left unanswered). */
    Warning: str(),
  },
  ['AutoID', 'ID', 'Description', 'Result', 'Error', 'Key', 'Args'],
);
const BatchAnswer = object({ Results: list(BatchItem), Succeeded: whole(), Failed: whole(), Ignored: whole() }, [
  'Results',
  'Succeeded',
  'Failed',
  'Ignored',
]);
/** Values of prompts, by prompt name. */
const PromptValues = typed<Record<string, string | number | boolean | null>>({
  type: 'object',
  maxProperties: 50,
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
});
const AutoIds = typed<number[]>({ type: 'array', items: whole(1), minItems: 1, maxItems: 1000 });
const ByRecord = object({ autoid: whole(1) }, ['autoid']);
/**
 * The most digits of a position in the event stream. A position is a PostgreSQL xid8, whose
 * largest value has 20 digits; every number of 19 digits or fewer is one, and none the server
 * answers has more, so a longer one is refused at the edge rather than by the database.
 */
export const POSITION_DIGITS = 19;
/** Where a client is in the event stream: an opaque position the server answered. */
const Position = str({ pattern: '^[0-9]+$', maxLength: POSITION_DIGITS });
/** A wall time as a datetime field holds it (YYYY-MM-DDTHH:mm), read in the team's time zone. */
const WallTime = str({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$', maxLength: 16 });
const LiveEvent = object({ EventType: str(), EventData: anyObject, LastReceived: Position }, [
  'EventType',
  'EventData',
  'LastReceived',
]);

/** Shared parts, by the name OpenAPI gives them. */
const Licence = object(
  {
    licenseName: nullable(str()),
    productCode: str(),
    activationCode: nullable(str()),
    Licensed: bool,
    Lapsed: bool,
    Modules: list(str(), 100),
    Expires: nullable(str()),
    SavedBy: nullable(str()),
    SavedAt: nullable(str()),
    /** The vendor's public key is set (LICENCE_PUBLIC_KEY): without it no licence can be activated. */
    CanActivate: bool,
  },
  [
    'licenseName',
    'productCode',
    'activationCode',
    'Licensed',
    'Lapsed',
    'Modules',
    'Expires',
    'SavedBy',
    'SavedAt',
    'CanActivate',
  ],
);
const ActiveModules = object({ Modules: list(str(), 100), Licensed: bool }, ['Modules', 'Licensed']);
const Destination = object({ ID: str(), Descr: str() }, ['ID', 'Descr']);
const AdvancedMode = object({ AdvancedMode: bool }, ['AdvancedMode']);
const ImportForm = object(
  {
    Destination: text(63),
    FileName: text(255),
    Overwrite: oneOf(['true', 'false']),
    DryRun: oneOf(['true', 'false']),
    BooleanFormat: oneOf([...IMPORT.BooleanFormat]),
    DecimalFormat: oneOf([...IMPORT.DecimalFormat]),
    DateFormat: oneOf([...IMPORT.DateFormat]),
    File: str({ contentMediaType: 'application/octet-stream', description: 'the .xlsx file (the last part)' }),
  },
  ['Destination', 'File'],
);
/** Failed rows an import task keeps (its first ones), and the most GetItem answers on a page. */
export const IMPORT_FAILED_ROWS = { kept: 1000, page: 50, maxPage: 200 } as const;
/**
 * What an import task says about its rows (GetItem): the rows created and updated (null until it
 * has ended) and a page of its failed rows, each with its row number in the file, the values that
 * identify it and every problem, in the reader's language, each field by its label.
 */
const ImportResults = object(
  {
    Created: nullable(whole()),
    Updated: nullable(whole()),
    FailedRowsKept: whole(0, IMPORT_FAILED_ROWS.kept),
    FailedRowsLimit: whole(),
    PageIndex: whole(1),
    PageSize: whole(1, IMPORT_FAILED_ROWS.maxPage),
    FailedRows: list(
      object(
        {
          Row: whole(),
          Result: whole(),
          Result_Enum: str(),
          Key: list(object({ Field: str(), Label: str(), Value: str() }, ['Field', 'Label', 'Value']), 10),
          Problems: list(
            object({ Field: nullable(str()), Label: nullable(str()), Key: str(), Message: str() }, [
              'Field',
              'Label',
              'Key',
              'Message',
            ]),
          ),
        },
        ['Row', 'Result', 'Result_Enum', 'Key', 'Problems'],
      ),
      IMPORT_FAILED_ROWS.maxPage,
    ),
  },
  ['Created', 'Updated', 'FailedRowsKept', 'FailedRowsLimit', 'PageIndex', 'PageSize', 'FailedRows'],
);
/** A row of the import tasks' table: besides these, the fields its definition gives it (as any record), so it stays open. */
const ImportTask = open(
  {
    AutoID: whole(),
    Destination: str(),
    ProcessState: oneOf(Object.values(IMPORT.ProcessState)),
    ProcessState_Enum: str(),
    ProcessResult: oneOf(Object.values(IMPORT.ProcessResult)),
    ProcessResult_Enum: str(),
    ErrorMessage: nullable(str()),
    TotalRecords: whole(),
    ProcessedRecords: whole(),
    FailedRecords: whole(),
    SkippedRecords: whole(),
    CurrentRow: whole(),
    ProcessDate: nullable(str()),
    ProcessDuration: nullable(num),
    Filename: nullable(str()),
    OutputFilename: nullable(str()),
    DecimalFormat: oneOf([...IMPORT.DecimalFormat]),
    BooleanFormat: oneOf([...IMPORT.BooleanFormat]),
    DateFormat: oneOf([...IMPORT.DateFormat]),
    Overwrite: bool,
    DryRun: bool,
    Results: ImportResults,
  },
  [
    'AutoID',
    'Destination',
    'ProcessState',
    'ProcessState_Enum',
    'ProcessResult',
    'ProcessResult_Enum',
    'TotalRecords',
    'ProcessedRecords',
    'FailedRecords',
    'SkippedRecords',
    'CurrentRow',
  ],
);

export const API_COMPONENTS: Record<string, Schema> = {
  Record: RecordSchema,
  Error: ErrorAnswer,
  FlexRequest,
  FlexAnswer,
  SummaryRequest,
  SummaryAnswer,
  ListEntry,
  CatalogueEntry,
  LayoutContent,
  Layout,
  SecurityEntry,
  CurrentUser,
  Form: FormAnswer,
  Prompt,
  BatchAnswer,
};

export interface CallSchema {
  summary: string;
  body?: Schema;
  query?: Schema;
  answer: Schema;
  /** The body's media type when it is not JSON (an upload). */
  bodyType?: string;
  /** The answer's media type when it is not JSON (a file). */
  answerType?: string;
}

const byAutoId = object({ autoid: AutoID, AutoID }, [], { minProperties: 1 });

/** What an automation decided (its condition) and did (each action), as its history and the emulator tell it. */
const AutomationTry = object(
  {
    Decisions: list(object({ Condition: str(), Result: bool, Reason: str() }, ['Condition', 'Result'])),
    Results: list(open({ Action: str() })),
  },
  ['Decisions', 'Results'],
);

const CALL_SCHEMAS = {
  'GET /health': {
    summary: 'Readiness: the server and its database answer',
    answer: object({ status: oneOf(['ok', 'unavailable']) }, ['status']),
  },
  'GET /health/live': { summary: 'Liveness: the process answers', answer: object({ status: str() }, ['status']) },
  'GET /openapi.json': {
    summary: 'This description, with the calls of every table the user may read',
    answer: object(
      {
        openapi: { const: '3.1.0' },
        info: anyObject,
        servers: list(anyObject),
        security: list(anyObject),
        paths: anyObject,
        components: anyObject,
      },
      ['openapi', 'info', 'servers', 'security', 'paths', 'components'],
    ),
  },
  'GET /api-docs': { summary: 'This description as a page', answer: str() },
  'POST /mvc/account/login': {
    summary: 'Sign in',
    body: object({ username: str({ minLength: 1, maxLength: 100 }), password: text(200) }, ['username', 'password']),
    answer: object({ User: CurrentUser }, ['User']),
  },
  'POST /mvc/account/logout': { summary: 'Sign out', body: empty, answer: empty },
  'GET /mvc/account/identityproviders': {
    summary: 'The single sign-on identity providers on offer (public, for the sign-in page)',
    answer: list(object({ ID: str(), Descr: str() }, ['ID', 'Descr']), 50),
  },
  'GET /mvc/sso/start': {
    summary: 'Starts a single sign-on at a provider (a redirect to it); returnTo: a path of this site',
    query: object({ provider: text(40), returnTo: text(500) }, ['provider']),
    answer: empty,
  },
  'GET /mvc/sso/link': {
    summary: 'Links the signed-in user to a provider (the migration wizard; a redirect to it)',
    query: object({ provider: text(40), returnTo: text(500) }, ['provider']),
    answer: empty,
  },
  'GET /mvc/sso/continue': {
    summary: 'Goes on to the provider of the mandatory migration the sign-in started (a redirect to it)',
    query: empty,
    answer: empty,
  },
  'GET /sso/callback': {
    summary:
      "Where a provider sends the browser back (OpenID Connect); redirects to the flow's page or the login page with an OIDC code",
    query: object({
      code: text(2000),
      state: text(200),
      iss: text(500),
      session_state: text(500),
      scope: text(500),
      error: text(200),
      error_description: text(1000),
      error_uri: text(1000),
    }),
    answer: empty,
  },
  'GET /mvc/account/registration': {
    summary: 'Whether accounts may be requested now, and the terms a requester accepts',
    answer: object({ Open: bool, Terms: str() }, ['Open', 'Terms']),
  },
  'POST /mvc/account/register': {
    summary: 'Request an account (the same answer whether or not the name or address is known)',
    body: object(
      {
        Username: str({ minLength: 1, maxLength: 100 }),
        PersonName: str({ minLength: 1, maxLength: 100 }),
        Email: str({ minLength: 3, maxLength: 200 }),
        Company: text(100),
        Phone: text(30),
        Remarks: text(1000),
        AcceptTerms: bool,
      },
      ['Username', 'PersonName', 'Email', 'AcceptTerms'],
    ),
    answer: empty,
  },
  'POST /mvc/account/checklink': {
    summary: 'Whether an activation or recovery link can still be used',
    body: object({ Token: text(100), Purpose: oneOf(['activation', 'recovery']) }, ['Token', 'Purpose']),
    answer: object({ Usable: bool }, ['Usable']),
  },
  'POST /mvc/account/activate': {
    summary: "Activate an account with the e-mailed link's token and a new password",
    body: object({ Token: text(100), Password: text(200), PasswordRetype: text(200) }, [
      'Token',
      'Password',
      'PasswordRetype',
    ]),
    answer: empty,
  },
  'POST /mvc/account/recover': {
    summary: 'Ask for a password recovery link (the same answer, after the same time, for any address)',
    body: object({ Email: text(200) }, ['Email']),
    answer: empty,
  },
  'POST /mvc/account/resetpassword': {
    summary: "Set a new password with the recovery link's token; ends every session of the user",
    body: object({ Token: text(100), Password: text(200), PasswordRetype: text(200) }, [
      'Token',
      'Password',
      'PasswordRetype',
    ]),
    answer: empty,
  },
  'GET /mvc/user/getcurrentuser': { summary: 'The signed-in user', answer: CurrentUser },
  'POST /mvc/security/getauthorization': {
    summary: 'Whether the user may do each {ID, Action}',
    body: list(SecurityQuestion),
    answer: list(SecurityEntry),
  },
  'GET /mvc/security/explain': {
    summary: 'Why a user may or may not do something, with the row filter of a table',
    query: object({ username: text(100), right: text(50), action: Action, table: text(63) }, [
      'username',
      'right',
      'action',
    ]),
    answer: object(
      {
        Username: str(),
        Right: str(),
        Action: str(),
        Allowed: bool,
        Reason: str(),
        GrantedBy: list(str()),
        DeniedBy: list(str()),
        Groups: list(
          object(
            {
              Group: str(),
              FullAccess: bool,
              Entries: list(object({ Action: str(), Grant: bool }, ['Action', 'Grant'])),
            },
            ['Group', 'FullAccess', 'Entries'],
          ),
        ),
        RowFilter: nullable(
          object({ Table: str(), Condition: nullable(str()), Values: list(anyValue) }, [
            'Table',
            'Condition',
            'Values',
          ]),
        ),
        InvalidRowLimits: list(
          object({ Group: str(), Table: str(), Field: str(), Kind: str(), Problem: str() }, [
            'Group',
            'Table',
            'Field',
            'Kind',
            'Problem',
          ]),
        ),
      },
      [
        'Username',
        'Right',
        'Action',
        'Allowed',
        'Reason',
        'GrantedBy',
        'DeniedBy',
        'Groups',
        'RowFilter',
        'InvalidRowLimits',
      ],
    ),
  },
  'GET /mvc/definitions/screens': {
    summary: 'The screens the user may read',
    answer: object({ Screens: list(open({ name: str() }, ['name'])) }, ['Screens']),
  },
  'GET /mvc/definitions/languages': {
    summary:
      'The languages the product offers (the active content languages; public, for the sign-in page), and the default',
    answer: object(
      { Languages: list(oneOf(['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh']), 9), Default: str() },
      ['Languages', 'Default'],
    ),
  },
  'POST /mvc/translations/Dashboard': {
    summary:
      'Per language: how many texts (definitions and runtime strings) are translated, missing, corrected, or corrected while their text is gone (with the lists for one Language)',
    body: object({ Language: text(5) }),
    answer: object(
      {
        Texts: whole(),
        Languages: list(
          object(
            {
              Language: str(),
              Translated: whole(),
              Missing: whole(),
              Stale: whole(),
              Corrected: whole(),
              MissingTexts: list(
                object({ Source: TextSource, Text: str(), Dutch: str() }, ['Source', 'Text', 'Dutch']),
                100_000,
              ),
              StaleTexts: list(object({ Source: TextSource, Text: str() }, ['Source', 'Text']), 100_000),
            },
            ['Language', 'Translated', 'Missing', 'Stale', 'Corrected'],
          ),
          9,
        ),
      },
      ['Texts', 'Languages'],
    ),
  },
  'POST /mvc/translations/List': {
    summary: 'The texts of one language with what ships and what the site corrects, searched and filtered',
    body: object(
      {
        Language: text(5),
        Search: text(200),
        Filter: oneOf(['all', 'missing', 'corrected']),
        Source: TextSource,
        Skip: { type: 'integer', minimum: 0, maximum: 1_000_000 },
        Take: { type: 'integer', minimum: 1, maximum: 500 },
      },
      ['Language'],
    ),
    answer: object(
      {
        Total: whole(),
        Items: list(
          object(
            {
              Source: TextSource,
              Text: str(),
              Dutch: str(),
              Shipped: nullable(str()),
              Corrected: nullable(str()),
            },
            ['Source', 'Text', 'Dutch', 'Shipped', 'Corrected'],
          ),
          500,
        ),
      },
      ['Total', 'Items'],
    ),
  },
  'POST /mvc/translations/Save': {
    summary:
      'Corrects or adds the translation of a definition text or runtime string in the site layer (an empty Translation removes the correction); every process follows',
    body: object({ Language: text(5), Text: text(1000), Source: TextSource, Translation: nullable(text(1000)) }, [
      'Language',
      'Text',
    ]),
    answer: object({ Language: str(), Text: str(), Source: TextSource, Translation: nullable(str()) }, [
      'Language',
      'Text',
      'Source',
      'Translation',
    ]),
  },
  'GET /mvc/definitions/runtimetexts': {
    summary:
      'The runtime strings the site corrects in one language, compiled under the catalog ids (public, for the sign-in page)',
    query: object({ language: text(5) }, ['language']),
    answer: object({ Language: str(), Messages: anyObject }, ['Language', 'Messages']),
  },
  'GET /mvc/definitions/fields': {
    summary:
      "A table's fields with the layer that defines each and the layer of its label (for who may read the field dictionary)",
    query: object({ table: text(63) }, ['table']),
    answer: object(
      {
        Table: str(),
        Label: str(),
        Fields: list(
          object(
            {
              FieldName: str(),
              Label: str(),
              FieldType: str(),
              TypeLabel: str(),
              Required: bool,
              Origin: nullable(str()),
              LabelOrigin: nullable(str()),
            },
            ['FieldName', 'Label', 'FieldType', 'TypeLabel', 'Required', 'Origin', 'LabelOrigin'],
          ),
          2000,
        ),
      },
      ['Table', 'Label', 'Fields'],
    ),
  },
  'GET /mvc/definitions/status': {
    summary: 'Version, packs and site-layer conflicts',
    answer: object(
      {
        Version: whole(),
        Packs: list(object({ Name: str(), Version: str() }, ['Name', 'Version'])),
        Tables: whole(),
        SiteConflicts: list(
          object(
            {
              file: str(),
              pointer: str(),
              rule: str(),
              message: str(),
              said: object({ id: str(), args: list(anyValue) }, ['id', 'args']),
            },
            ['file', 'pointer', 'rule', 'message'],
          ),
        ),
      },
      ['Version', 'Packs', 'Tables', 'SiteConflicts'],
    ),
  },
  'GET /mvc/:control/GetForm': { summary: 'The form of a table', answer: FormAnswer },
  'POST /mvc/:control/GetNew': { summary: 'A blank record with its defaults', body: empty, answer: RecordSchema },
  'POST /mvc/:control/GetItem': {
    summary: 'One record',
    body: byAutoId,
    query: object({ autoid: AutoID }),
    answer: RecordSchema,
  },
  'POST /mvc/:control/save': {
    summary: 'Creates (AutoID 0) or updates (with TimeStamp) a record',
    body: RecordSchema,
    answer: RecordSchema,
  },
  'POST /mvc/:control/Derive': {
    summary:
      'The values a save would derive (defaultFrom, compute) for the record as the form holds it, for the fields the user may see; nothing is written',
    body: RecordSchema,
    answer: object({ Values: open({}) }, ['Values']),
  },
  'POST /mvc/:control/delete': {
    summary: 'Deletes a record',
    body: byAutoId,
    query: object({ autoid: AutoID }),
    answer: empty,
  },
  'POST /mvc/:control/GetFlexData': {
    summary: 'A page of a grid with its count',
    body: FlexRequest,
    answer: FlexAnswer,
  },
  'POST /mvc/:control/GetSummaryData': {
    summary:
      "A page of a table's rows grouped (a grid definition's summary, or groups with a date bucket and sums or counts), with the totals over all groups",
    body: SummaryRequest,
    answer: SummaryAnswer,
  },
  // The payload of a named call is checked against a schema made from the fields its definition maps it to.
  'POST /mvc/:control/:call': {
    summary:
      "A named call of a table (its definition's calls: get, create, update, delete, transition, validate, export of its rows or its child rows)",
    body: anyObject,
    answer: anyObject,
  },
  'GET /mvc/:control/:call': { summary: 'A named call of a table without a payload (getnew)', answer: anyObject },
  'POST /mvc/liveevents/poll': {
    summary: "Live events since the last received position (the stream's fallback; poll every 30,000 ms)",
    body: object({ LastReceived: nullable(Position) }),
    answer: object({ Events: list(LiveEvent), LastReceived: Position }, ['Events', 'LastReceived']),
  },
  'GET /mvc/liveevents/stream': {
    summary:
      'Live events as a server-sent stream (text/event-stream); each message is {EventType, EventData, LastReceived}',
    query: object({ LastReceived: Position }),
    answer: str(),
  },
  'POST /mvc/downloadrequests/RequestExport': {
    summary:
      'Exports a grid (its GetFlexData request) as .xlsx in the background, as the grid shows it (GridLayout) or as an import takes it back (ImportLayout); answers the download request',
    body: object({ Table: text(63), Request: FlexRequest, Descr: text(200), Layout: oneOf([...IMPORT.ExportLayout]) }, [
      'Table',
    ]),
    answer: RecordSchema,
  },
  'GET /mvc/reports/List': {
    summary:
      'The reports a table offers (report definitions per document kind), with the content languages and formats each is printed in',
    query: object({ table: text(63) }, ['table']),
    answer: object(
      {
        Reports: list(
          object(
            {
              Name: str(),
              Title: str(),
              DocumentKind: str(),
              Languages: list(str(), 9),
              Formats: list(oneOf(['PDF', 'XLS']), 2),
            },
            ['Name', 'Title', 'DocumentKind', 'Languages', 'Formats'],
          ),
        ),
      },
      ['Reports'],
    ),
  },
  'POST /mvc/reports/Render': {
    summary:
      "A report of one record as PDF or spreadsheet (Format XLS) in a content language (else the request's), read with the user's rights and row limits; answers the file",
    body: object(
      {
        Table: text(63),
        Report: text(63),
        AutoID,
        Language: oneOf(['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh']),
        Format: oneOf(['PDF', 'XLS']),
      },
      ['Table', 'Report', 'AutoID'],
    ),
    answer: str({ contentMediaType: 'application/octet-stream' }),
    answerType: 'application/octet-stream',
  },
  'POST /mvc/reports/RenderSelection': {
    summary:
      'A report of a grid selection of at most 20 records at once: one PDF (As pdf) or a zip of a PDF per record (As zip); a record the user cannot see is left out',
    body: object(
      {
        Table: text(63),
        Report: text(63),
        AutoIDs: list(AutoID, 20),
        Language: oneOf(['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh']),
        As: oneOf(['pdf', 'zip']),
      },
      ['Table', 'Report', 'AutoIDs'],
    ),
    answer: str({ contentMediaType: 'application/octet-stream' }),
    answerType: 'application/octet-stream',
  },
  'POST /mvc/reports/RequestSelection': {
    summary:
      'A report of a grid selection of at most 2,000 records in the background (one PDF or a zip), with progress as a grid export; answers the download request',
    body: object(
      {
        Table: text(63),
        Report: text(63),
        AutoIDs: list(AutoID, 2000),
        Language: oneOf(['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh']),
        As: oneOf(['pdf', 'zip']),
      },
      ['Table', 'Report', 'AutoIDs'],
    ),
    answer: RecordSchema,
  },
  'POST /mvc/reports/Import': {
    summary:
      'Imports a report definition file into the site layer, checked as a pack file is; a file with problems is refused (REPORT_IMPORT_FAILED) and nothing is written',
    body: object({ Report: anyObject }, ['Report']),
    answer: object({ Name: str() }, ['Name']),
  },
  'POST /mvc/license/PrCode': {
    summary: "This installation's product code (32 characters, made once and kept)",
    body: empty,
    answer: object({ ProductCode: str() }, ['ProductCode']),
  },
  'POST /mvc/license/Get': { summary: 'The licence as the licence page shows it', body: empty, answer: Licence },
  'POST /mvc/license/Save': {
    summary:
      'Activates a licence: the activation code must be signed for this product code and name, and not expired; answers the licence',
    body: object({ licenseName: text(100), activationCode: text(2000), productCode: text(40) }, [
      'licenseName',
      'activationCode',
      'productCode',
    ]),
    answer: Licence,
  },
  'POST /mvc/license/ActivatedModules': {
    summary: 'The modules active now (every signed-in user)',
    body: empty,
    answer: ActiveModules,
  },
  'POST /mvc/license/Retrieve': {
    summary:
      'The stored licence data the runtime keeps under its hash (of the product code and licence), with the active modules',
    body: empty,
    answer: object(
      {
        Hash: str(),
        Modules: list(str(), 100),
        Licensed: bool,
        Expires: nullable(str()),
        licenseName: nullable(str()),
      },
      ['Hash', 'Modules', 'Licensed', 'Expires', 'licenseName'],
    ),
  },
  'POST /mvc/sqleditor/Run': {
    summary:
      'Runs one read-only query as the SQL reader role (SELECT on the data tables only, statement timeout); answers at most MaxRows rows, Truncated when there were more; every query is logged',
    body: object({ Sql: text(100_000) }, ['Sql']),
    answer: object(
      {
        Columns: list(object({ Name: str(), Type: whole() }, ['Name', 'Type']), 1700),
        Rows: list(typed<unknown[]>({ type: 'array' })),
        Truncated: bool,
        MaxRows: whole(),
        DurationMs: whole(),
      },
      ['Columns', 'Rows', 'Truncated', 'MaxRows', 'DurationMs'],
    ),
  },
  'POST /mvc/sqleditor/Export': {
    summary:
      'Writes every row of a read-only query as .xlsx in the background, as the SQL reader role; answers the download request',
    body: object({ Sql: text(100_000) }, ['Sql']),
    answer: RecordSchema,
  },
  'POST /oauth/token': {
    summary:
      'An access token of an API client (OAuth 2.0 client credentials, form-encoded or JSON; the client id and secret in the body or as HTTP Basic); CLIENT_FAILED for a wrong id or secret or a disabled client, UNSUPPORTED_GRANT for another grant type',
    body: object({ grant_type: text(50), client_id: text(100), client_secret: text(200), scope: text(2000) }, [
      'grant_type',
    ]),
    bodyType: 'application/x-www-form-urlencoded',
    answer: object({ access_token: str(), token_type: { const: 'Bearer' }, expires_in: whole() }, [
      'access_token',
      'token_type',
      'expires_in',
    ]),
  },
  'POST /mvc/apiclient/newsecret': {
    summary:
      "A new secret for an API client (the update right of its table), answered this once; the old secret and the client's tokens end",
    body: object({ AutoID: whole(1) }, ['AutoID']),
    answer: object({ ClientId: str(), Secret: str() }, ['ClientId', 'Secret']),
  },
  'POST /mvc/sessionuserlogs/Get': {
    summary:
      'The open sessions (right 12.81 read), the most recently active first, at most 1000; Username narrows to names containing it',
    body: object({ Username: nullable(text(100)) }),
    answer: object(
      {
        Sessions: list(
          object(
            {
              Id: str(),
              UserID: whole(),
              Username: str(),
              Created: str(),
              LastSeen: str(),
              Expires: str(),
              Ip: nullable(str()),
              UserAgent: nullable(str()),
            },
            ['Id', 'UserID', 'Username', 'Created', 'LastSeen', 'Expires', 'Ip', 'UserAgent'],
          ),
        ),
      },
      ['Sessions'],
    ),
  },
  'POST /mvc/sessionuserlogs/ForceLogout': {
    summary:
      'Ends the sessions of these ids (right 12.81 update) on every process within a second; answers how many there were',
    body: object({ Ids: list(text(64), 100) }, ['Ids']),
    answer: object({ Ended: whole() }, ['Ended']),
  },
  'POST /mvc/sessionstatistics/Get': {
    summary:
      'Per day of a date range (From, To: YYYY-MM-DD, at most 366 days): users signed in, sign-ins and failed attempts; 1004 no date, 1005 end before start, 1002 a bad range',
    body: object({ From: nullable(text(30)), To: nullable(text(30)) }),
    answer: object(
      {
        Days: list(
          object({ Day: str(), Sessions: whole(), SignIns: whole(), Failures: whole() }, [
            'Day',
            'Sessions',
            'SignIns',
            'Failures',
          ]),
          400,
        ),
      },
      ['Days'],
    ),
  },
  'POST /mvc/monitor/Get': {
    summary:
      'The figures of the monitor: database health, job queue depth and failures, outbox backlog, live-event connections, this process and the database connections of every process',
    body: empty,
    answer: object(
      {
        At: str(),
        Database: object({ Up: bool, LatencyMs: num, SizeBytes: num, Connections: whole(), Version: str() }, [
          'Up',
          'LatencyMs',
          'SizeBytes',
          'Connections',
          'Version',
        ]),
        Jobs: object({ Queued: whole(), Active: whole(), Failed: whole(), FailedLastDay: whole() }, [
          'Queued',
          'Active',
          'Failed',
          'FailedLastDay',
        ]),
        Outbox: nullable(object({ Pending: whole(), Failed: whole() }, ['Pending', 'Failed'])),
        LiveConnections: whole(),
        Process: object({ Pid: whole(), UptimeSeconds: num, RssBytes: num, HeapUsedBytes: num, HeapTotalBytes: num }, [
          'Pid',
          'UptimeSeconds',
          'RssBytes',
          'HeapUsedBytes',
          'HeapTotalBytes',
        ]),
        Processes: list(
          object({ Client: str(), Application: str(), Connections: whole() }, ['Client', 'Application', 'Connections']),
        ),
      },
      ['At', 'Database', 'Jobs', 'Outbox', 'LiveConnections', 'Process', 'Processes'],
    ),
  },
  'POST /mvc/monitor/Versions': {
    summary: 'Versions: the product, Node.js, each pack, the core migrations applied and the database',
    body: empty,
    answer: object(
      {
        Product: object({ Name: str(), Version: str() }, ['Name', 'Version']),
        Node: str(),
        Packs: list(object({ Name: str(), Version: str(), Title: str() }, ['Name', 'Version', 'Title'])),
        Migrations: list(object({ Name: str(), ExecutedAt: str() }, ['Name', 'ExecutedAt'])),
        Database: str(),
      },
      ['Product', 'Node', 'Packs', 'Migrations', 'Database'],
    ),
  },
  'POST /mvc/monitor/Environment': {
    summary:
      'The environment settings, read-only: the configuration without secrets (a password, key or token only as set or unset, database addresses without their password)',
    body: empty,
    answer: object({ Settings: list(object({ Name: str(), Value: str() }, ['Name', 'Value'])) }, ['Settings']),
  },
  'GET /metrics': {
    summary:
      'Prometheus metrics: the process (prom-client defaults) and the monitor figures; loopback only, or anywhere with Authorization: Bearer METRICS_TOKEN',
    answer: str({ contentMediaType: 'text/plain' }),
    answerType: 'text/plain',
  },
  'POST /mvc/import/GetDestinations': {
    summary:
      'The tables the user may import into (create, or update to overwrite), by label; filter: a part of the label or name',
    body: object({ filter: nullable(text(100)) }),
    answer: object({ Data: list(Destination) }, ['Data']),
  },
  'POST /mvc/import/GetAdvancedMode': {
    summary: "Whether the user's imports may have more than 5,000 rows",
    body: empty,
    answer: AdvancedMode,
  },
  'POST /mvc/import/GetCode': {
    summary: 'The code the user confirms advanced mode with',
    body: empty,
    answer: object({ Code: str() }, ['Code']),
  },
  'POST /mvc/import/SetAdvancedMode': {
    summary: 'Turns advanced mode on (VerificationCode: the code of GetCode, typed) or off (AdvancedMode false)',
    body: object({ Code: text(20), VerificationCode: text(20), AdvancedMode: bool }),
    answer: AdvancedMode,
  },
  'POST /mvc/import/GetItem': {
    summary:
      "An import task with its Results: the rows created and updated, and a page (pageIndex from 1, pageSize at most 200, 50 unless asked) of its failed rows (the first 1,000 are kept), every problem in the user's language",
    body: object({ pageIndex: whole(1, 100_000), pageSize: whole(1, IMPORT_FAILED_ROWS.maxPage) }),
    query: object({ autoid: AutoID }, ['autoid']),
    answer: ImportTask,
  },
  'POST /mvc/import/Cancel': {
    summary: 'Cancels a pending or running import task: rows written stay, the rest are skipped',
    body: empty,
    query: object({ autoid: AutoID }, ['autoid']),
    answer: ImportTask,
  },
  'POST /mvc/import/StartImport': {
    summary:
      "Starts an import (multipart/form-data: the import form's fields, then the file as the part File); answers the import task",
    bodyType: 'multipart/form-data',
    body: ImportForm,
    answer: ImportTask,
  },
  'POST /mvc/import/GenerateTemplate': {
    summary: 'A spreadsheet to fill in for a destination: a column per importable field, its rules in a notes row',
    body: object({ Destination: text(63), ObjectTypeID: nullable(whole()), LocationTypeID: nullable(whole()) }, [
      'Destination',
    ]),
    answer: str({ contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    answerType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'GET /mvc/import/GetFile': {
    summary: 'The input file (Result=false) or the output file with a result per row (Result=true) of an import task',
    query: object({ ImportId: AutoID, Result: oneOf(['true', 'false']) }, ['ImportId']),
    answer: str({ contentMediaType: 'application/octet-stream' }),
    answerType: 'application/octet-stream',
  },
  'GET /mvc/importprogresseventstream/message': {
    summary: 'Progress of an import task as a server-sent stream; each message is {CurrentRow, TotalRows, Finished}',
    query: object({ importtaskid: AutoID }, ['importtaskid']),
    answer: str(),
  },
  'POST /mvc/files/upload': {
    summary:
      "Uploads files for a file or image field the user may fill (multipart/form-data, one part per file; at most 1,000 files of 10 MB, or one zip of 1,024 MB; within the user's quota of unclaimed uploads), typed by their content; answers a FileID per file, in order",
    query: object({ table: text(63), field: text(100) }, ['table', 'field']),
    bodyType: 'multipart/form-data',
    body: {
      type: 'object',
      properties: {
        file: str({
          contentMediaType: 'application/octet-stream',
          description: 'a file part (any name, repeated per file)',
        }),
      },
    },
    answer: list(
      object(
        {
          FileID: str({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
          FileName: str(),
          MediaType: str(),
          Size: whole(),
        },
        ['FileID', 'FileName', 'MediaType', 'Size'],
      ),
    ),
  },
  'GET /mvc/:control/file': {
    summary:
      'The file of a file or image field of a record (thumbnail=1: the image itself), streamed as an attachment under its name',
    query: object({ autoid: AutoID, field: text(100), thumbnail: oneOf(['0', '1', 'true', 'false']) }, [
      'autoid',
      'field',
    ]),
    answer: str({ contentMediaType: 'application/octet-stream' }),
    answerType: 'application/octet-stream',
  },
  'GET /mvc/:control/download': {
    summary:
      'The file of a record of a table with one file field (a document), streamed as an attachment under its name',
    query: object({ autoid: AutoID }, ['autoid']),
    answer: str({ contentMediaType: 'application/octet-stream' }),
    answerType: 'application/octet-stream',
  },
  'POST /mvc/:control/GetTransitions': {
    summary: 'The status transitions the user may make on a record now, with their prompts',
    body: ByRecord,
    answer: object(
      {
        Field: nullable(str()),
        Status: nullable(StateValue),
        StatusLabel: nullable(str()),
        Stages: list(object({ Value: StateValue, Label: str() }, ['Value', 'Label'])),
        Transitions: list(
          object(
            {
              Name: str(),
              Label: str(),
              To: StateValue,
              ToLabel: str(),
              Warning: nullable(str()),
              Prompts: list(Prompt),
            },
            ['Name', 'Label', 'To', 'ToLabel', 'Warning', 'Prompts'],
          ),
        ),
      },
      ['Field', 'Status', 'StatusLabel', 'Stages', 'Transitions'],
    ),
  },
  'POST /mvc/:control/TypeChange': {
    summary: "What changing a record's type would lose and keep of its typed properties (asked before a save)",
    body: object({ autoid: whole(1), Type: nullable(whole(1)) }, ['autoid', 'Type']),
    answer: object(
      {
        Field: str(),
        Lost: whole(),
        Kept: whole(),
        LostNames: list(str()),
        KeptNames: list(str()),
        Message: str(),
      },
      ['Field', 'Lost', 'Kept', 'LostNames', 'KeptNames', 'Message'],
    ),
  },
  'POST /mvc/:control/ChangeStatus': {
    summary: 'Makes a transition on each record, each in its own transaction',
    body: object({ autoids: AutoIds, Transition: text(100), Values: PromptValues, TimeStamp: whole() }, [
      'autoids',
      'Transition',
    ]),
    answer: BatchAnswer,
  },
  'POST /mvc/:control/GetStatusLog': {
    summary: 'The status log of a record',
    body: ByRecord,
    answer: object(
      {
        Data: list(
          object(
            {
              AutoID: whole(),
              Transition: nullable(str()),
              From: nullable(StateValue),
              FromLabel: nullable(str()),
              To: StateValue,
              ToLabel: str(),
              Reason: nullable(str()),
              Comment: nullable(str()),
              Date: nullable(str()),
              By: str(),
              At: str(),
            },
            ['AutoID', 'Transition', 'From', 'FromLabel', 'To', 'ToLabel', 'Reason', 'Comment', 'Date', 'By', 'At'],
          ),
        ),
      },
      ['Data'],
    ),
  },
  'POST /mvc/:control/RunAction': {
    summary: 'Runs a screen action on each record, each in its own transaction',
    body: object({ Action: text(100), autoids: AutoIds, Values: PromptValues }, ['Action', 'autoids']),
    answer: BatchAnswer,
  },
  'POST /mvc/:control/GetDashboard': {
    summary:
      "Counts of a dashboard tab: the child rows per group, per month and (with within) due from today up to each number of days ahead; without autoid a dashboard screen's tab over every row the user sees",
    body: object({ autoid: whole(1), Tab: text(100) }, ['Tab']),
    answer: object(
      {
        ByGroup: list(
          object({ Value: nullable(StateValue), Label: str(), Count: whole() }, ['Value', 'Label', 'Count']),
        ),
        ByMonth: list(object({ Month: str(), Count: whole() }, ['Month', 'Count'])),
        Within: list(object({ Days: whole(), Count: whole() }, ['Days', 'Count'])),
        Charts: list(
          object(
            {
              Name: str(),
              Title: str(),
              Kind: oneOf(['bar', 'line', 'donut']),
              Measure: str(),
              Points: list(object({ Label: str(), Value: num }, ['Label', 'Value']), 50),
            },
            ['Name', 'Title', 'Kind', 'Measure', 'Points'],
          ),
          6,
        ),
      },
      ['ByGroup', 'ByMonth'],
    ),
  },
  'POST /mvc/planning/Board': {
    summary:
      "The planning board of a period (at most 42 days): every plannable table the user may read (its start, end and resource visible to them), its bars in the period (at most 25,000, Truncated past that), its unplanned records (newest 200, found by Search over the search fields), and the rows: per kind of row of each table (persons, objects, the team itself) a team's rows of it (or every team's), then the rows bars are on, each with its team's time zone; with Items (at most 100) only those records' bars or unplanned entries and the rows of those bars, as a board redraws a drop or another planner's change. Rights, row limits and hidden fields hold; a bar moves by the table's normal save",
    body: object(
      {
        From: WallTime,
        Till: WallTime,
        Tables: list(text(100), 20),
        Team: nullable(whole(1)),
        Resources: list(whole(1), 2000),
        Search: text(200),
        Items: list(object({ Table: text(100), AutoID: whole(1) }, ['Table', 'AutoID']), 100),
      },
      ['From', 'Till'],
    ),
    answer: object(
      {
        Tables: list(
          object(
            {
              Table: str(),
              Label: str(),
              Start: str(),
              End: str(),
              Resource: str(),
              ResourceTable: str(),
              Team: nullable(str()),
              TeamTable: nullable(str()),
              Rows: list(object({ Field: str(), Table: str() }, ['Field', 'Table']), 6),
              Flags: list(object({ Field: str(), Label: str() }, ['Field', 'Label'])),
              Update: bool,
            },
            [
              'Table',
              'Label',
              'Start',
              'End',
              'Resource',
              'ResourceTable',
              'Team',
              'TeamTable',
              'Rows',
              'Flags',
              'Update',
            ],
          ),
        ),
        Rows: list(
          object({ Table: str(), AutoID: whole(), Descr: str(), Team: nullable(whole()), TimeZone: nullable(str()) }, [
            'Table',
            'AutoID',
            'Descr',
            'Team',
            'TimeZone',
          ]),
          2000,
        ),
        Bars: list(
          object(
            {
              Table: str(),
              AutoID: whole(),
              TimeStamp: whole(),
              Start: str(),
              End: nullable(str()),
              Resource: whole(),
              RowTable: str(),
              Team: nullable(whole()),
              Label: str(),
              Color: nullable(str()),
              Flags: list(str()),
            },
            ['Table', 'AutoID', 'TimeStamp', 'Start', 'End', 'Resource', 'RowTable', 'Team', 'Label', 'Color', 'Flags'],
          ),
          25_000,
        ),
        Unplanned: list(
          object(
            {
              Table: str(),
              AutoID: whole(),
              TimeStamp: whole(),
              Label: str(),
              Start: nullable(str()),
              End: nullable(str()),
              Resource: nullable(whole()),
              Team: nullable(whole()),
            },
            ['Table', 'AutoID', 'TimeStamp', 'Label', 'Start', 'End', 'Resource', 'Team'],
          ),
          4000,
        ),
        Truncated: bool,
      },
      ['Tables', 'Rows', 'Bars', 'Unplanned', 'Truncated'],
    ),
  },
  'POST /mvc/planning/Monitors': {
    summary:
      "The saved board configurations (the rows, at most 200, of the table the planning screen's monitors names) to who may open that screen (21.1), read under the screen's right though they lack the table's read right; the table's row limits and hidden fields hold, and saving or deleting one still takes the table's rights",
    body: empty,
    answer: object({ Data: list(RecordSchema, 200) }, ['Data']),
  },
  'POST /mvc/planning/Capacity': {
    summary:
      "Capacity planning: per team (at most 200) and week (at most 12 from the Monday of From), the hours planned on plannable records of the team against the hours its members are available (their work hour plan per weekday, none on a day of absence), read through the user's rights and row limits",
    body: object(
      {
        From: str({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', maxLength: 10 }),
        Weeks: whole(1, 12),
        Team: nullable(whole(1)),
      },
      ['From', 'Weeks'],
    ),
    answer: object(
      {
        Weeks: list(str(), 12),
        Teams: list(
          object(
            {
              AutoID: whole(),
              Descr: str(),
              Weeks: list(object({ Week: str(), Planned: num, Available: num }, ['Week', 'Planned', 'Available']), 12),
            },
            ['AutoID', 'Descr', 'Weeks'],
          ),
          200,
        ),
      },
      ['Weeks', 'Teams'],
    ),
  },
  'POST /mvc/:control/GetRightsMatrix': {
    summary:
      "A record's grants as a rights matrix tab shows them: every right of the catalogue (its name in the user's language, its actions, the screens and tables it guards, the menu group of its first screen) and the grant rows under the record the user may read; cells change through the grant table's save and delete",
    body: object({ autoid: whole(1), Tab: text(100) }, ['autoid', 'Tab']),
    answer: RightsMatrix,
  },
  'POST /mvc/:control/SaveGrants': {
    summary:
      "Changes cells of a record's rights matrix tab in one transaction (Grant true granted, false denied, null not set), each through the grant table's save or delete; a group left holding a right without a right it requires (its Requires, followed through) is refused and nothing is written; answers the matrix as GetRightsMatrix does",
    body: object(
      {
        autoid: whole(1),
        Tab: text(100),
        Changes: list(
          object(
            {
              Right: text(50),
              Action: oneOf(['read', 'update', 'create', 'delete', 'createorupdate', 'execute']),
              Grant: nullable(bool),
            },
            ['Right', 'Action', 'Grant'],
          ),
          500,
        ),
      },
      ['autoid', 'Tab', 'Changes'],
    ),
    answer: RightsMatrix,
  },
  'POST /mvc/:control/GetRowLimitProblems': {
    summary:
      "The row limits under a record (its grid tabs of a table with the row-limit behaviour) that name nothing valid, by the same check as the explain call's InvalidRowLimits, said in the user's language",
    body: object({ autoid: whole(1) }, ['autoid']),
    answer: object(
      {
        Problems: list(
          object({ Tab: str(), AutoID: whole(), Table: str(), Field: str(), Kind: str(), Problem: str() }, [
            'Tab',
            'AutoID',
            'Table',
            'Field',
            'Kind',
            'Problem',
          ]),
          10_000,
        ),
      },
      ['Problems'],
    ),
  },
  'POST /mvc/_lists/:list': {
    summary:
      "A page of a lookup list; the list's filter parameters may be given besides, and `For` (`table.Field`, a list field with a listFilter) with `Record` (the record being edited) limits it as that field's listFilter says",
    body: open({
      searchKey: nullable(text(200)),
      page: whole(0, 100_000),
      pageSize: whole(1, 1000),
      Archive: bool,
      For: text(130),
      Record: open({}),
    }),
    answer: object(
      {
        Data: list(ListEntry),
        Meta: object({ Page: whole(), PageSize: whole(), HasMore: bool }, ['Page', 'PageSize', 'HasMore']),
      },
      ['Data', 'Meta'],
    ),
  },
  'POST /mvc/_lists/:list/single': {
    summary: 'One entry of a lookup list',
    body: object({ AutoID }, ['AutoID']),
    query: object({ autoid: AutoID, AutoID }),
    answer: ListEntry,
  },
  'POST /mvc/_catalogues/:catalogue': {
    summary:
      "A page of a catalogue of the definitions (rights, tables, lists, or the fields of the table `Table`): the entries the user may choose, searched by name (in the user's language and in Dutch), by the titles of the screens and tables they guard, and by code",
    body: object({
      searchKey: nullable(text(200)),
      page: whole(0, 100_000),
      pageSize: whole(1, 1000),
      Table: nullable(text(63)),
    }),
    answer: object(
      {
        Data: list(CatalogueEntry),
        Meta: object({ Page: whole(), PageSize: whole(), HasMore: bool }, ['Page', 'PageSize', 'HasMore']),
      },
      ['Data', 'Meta'],
    ),
  },
  'POST /mvc/_catalogues/:catalogue/single': {
    summary:
      'One entry of a catalogue by its code, if the user may choose it (of the fields catalogue: of the table `Table`)',
    body: object({ ID: str({ minLength: 1, maxLength: 100 }), Table: nullable(text(63)) }, ['ID']),
    answer: CatalogueEntry,
  },
  'POST /mvc/:control/GetUserFlexGridLayout': {
    summary: 'The view the user starts with',
    body: object({ controlName: text(63) }),
    answer: Layout,
  },
  'POST /mvc/:control/getflexgridlayouts': {
    summary:
      "The views of a grid the user may see (the grid is the one the path names; Filter's FlexGridLayoutColumns and DataFilter, which the view manager sends with the grid's ControlName, are taken and leave the answer as it is)",
    body: object({
      ControlName: text(63),
      Filter: object({
        PageSize: whole(1, 1000),
        PageIndex: whole(0, 1_000_000),
        FlexGridLayoutColumns: nullable(list(LayoutColumnRequest, 500)),
        DataFilter: nullable(FieldValues),
      }),
    }),
    answer: object(
      {
        Data: list(Layout),
        Meta: object(
          {
            Count: whole(),
            PageIndex: whole(),
            PageSize: whole(),
            Columns: list(
              object({ FieldName: str(), Title: str(), IsSortable: bool }, ['FieldName', 'Title', 'IsSortable']),
            ),
          },
          ['Count', 'PageIndex', 'PageSize', 'Columns'],
        ),
      },
      ['Data', 'Meta'],
    ),
  },
  'POST /mvc/:control/createnewflexgridlayout': {
    summary: 'Saves a new view',
    body: object(
      {
        ControlName: text(63),
        Name: anyValue,
        LayoutType: anyValue,
        SecurityGroupID: nullable(whole(0)),
        SetAsDefaultLayout: bool,
        FlexGridLayout: LayoutContentRequest,
      },
      ['FlexGridLayout'],
    ),
    answer: Layout,
  },
  'POST /mvc/:control/updatedefaultlayout': {
    summary: 'Makes a view the default',
    body: object({ AutoID: ViewId, controlName: text(63) }, ['AutoID']),
    answer: empty,
  },
  // The specification calls the bodies of these two opaque: what else its client sends is taken and left unread.
  'POST /mvc/:control/GetAvailableColumnsForPage': {
    summary: 'The columns a view may show (AutoID: the view whose columns are selected)',
    body: open({ AutoID: nullable(whole(0)) }),
    answer: list(
      object({ FieldName: str(), ColumnTitle: str(), AutoID: whole(), selected: bool }, [
        'FieldName',
        'ColumnTitle',
        'AutoID',
        'selected',
      ]),
    ),
  },
  'POST /mvc/:control/GetAvailableQueryFiltersForPage': {
    summary: 'The filters and operators per column',
    body: open({}),
    answer: list(
      object({ FieldName: str(), Title: str(), FilterType: str(), Operators: list(str(), 20) }, [
        'FieldName',
        'Title',
        'FilterType',
        'Operators',
      ]),
    ),
  },
  'POST /mvc/:control/getuserdefaults': {
    summary: 'Users who start this grid with a view of their own',
    body: empty,
    answer: list(
      object({ Username: str(), PersonName: nullable(str()), Layout: str() }, ['Username', 'PersonName', 'Layout']),
    ),
  },
  'POST /mvc/flexgridlayout/getflexgridlayout': {
    summary: 'One view',
    body: object({ AutoID: ViewId }, ['AutoID']),
    answer: Layout,
  },
  'POST /mvc/flexgridlayout/updateflexgridlayout': {
    summary: 'Changes a view',
    body: object({ AutoID: ViewId, FlexGridLayout: LayoutContentRequest }, ['AutoID', 'FlexGridLayout']),
    answer: Layout,
  },
  'POST /mvc/flexgridlayout/deleteflexgridlayout': {
    summary: 'Deletes a view',
    body: object({ AutoID: ViewId }, ['AutoID']),
    answer: empty,
  },
  'POST /mvc/flexgridlayout/getsecuritygroups': {
    summary: 'The roles a view can be shared with',
    body: empty,
    answer: list(object({ AutoID: whole(), ID: str(), Descr: nullable(str()) }, ['AutoID', 'ID', 'Descr'])),
  },
  'POST /mvc/flexgridlayout/resetuserlayout': {
    summary: "Clears a user's own defaults",
    body: object({ Username: str({ minLength: 1, maxLength: 100 }), ControlName: nullable(text(63)) }),
    answer: object({ Reset: whole() }, ['Reset']),
  },
  'POST /mvc/automations/Emulate': {
    summary:
      "What an automation would decide and do for a record, as its owner, with nothing kept (the work is rolled back); the try is kept in the automation's history",
    body: object({ AutoID: whole(1), RecordID: nullable(whole(1)) }, ['AutoID']),
    answer: AutomationTry,
  },
  'POST /mvc/automations/FromTemplate': {
    summary:
      'A new automation copied from a shipped template (its triggers and actions with it), switched off and owned by the caller',
    body: object({ AutoID: whole(1) }, ['AutoID']),
    answer: object({ AutoID: whole() }, ['AutoID']),
  },
} satisfies Record<string, CallSchema>;

/** Every call, by method and route (as the server registers it). */
export const CALLS: Record<string, CallSchema> = CALL_SCHEMAS;
/** A call's route as CALLS names it. */
export type CallName = keyof typeof CALL_SCHEMAS;
/** The type of what a call answers, read off its schema. */
export type AnswerOf<C extends CallName> = Infer<(typeof CALL_SCHEMAS)[C]['answer']>;
/** The type of a call's body, read off its schema. */
export type BodyOf<C extends CallName> = (typeof CALL_SCHEMAS)[C] extends { body: infer S } ? Infer<S> : never;

/** The parameters an object body declares, for the edge's "unknown parameter" answer. */
export function declaredKeys(schema: Schema | undefined): string[] | undefined {
  if (!schema || schema.type !== 'object' || schema.additionalProperties !== false) return undefined;
  return Object.keys(schema.properties as Record<string, unknown>);
}
