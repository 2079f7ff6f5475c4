// Business constants of the generic calls (spec 1 section 9).
export const DEFAULT_PAGE_SIZE = 35;
/** The view manager loads up to 1000 rows in one page; nothing asks for more. */
export const MAX_PAGE_SIZE = 1000;
export const PICKER_PAGE_SIZE = 30;
export const DATA_SOURCE = { Active: 0, Archive: 1, All: 2 } as const;

/** Width of a column a user adds to a view (spec 1 section 9 "New grid column width"). */
export const NEW_COLUMN_WIDTH = 150;
export const MAX_COLUMN_WIDTH = 2000;
/** Flex grid layout types (spec 1 section 3): 0 a system view (or a role's), 1 a user's own. */
export const LAYOUT_TYPE = { System: 0, User: 1 } as const;
/** The named permissions for views (spec 1 section 6) and the core pack's right codes for them. */
export const VIEW_PERMISSIONS = { AllowChangeUserViews: '12.5', AllowChangeSystemViews: '12.6' } as const;
export type ViewPermission = keyof typeof VIEW_PERMISSIONS;
/** A view's name is at most this long (the rest of the rule: view-names.ts). */
export const LAYOUT_NAME_MAX_LENGTH = 50;
/** The name of the standard view ('default' or none shows as the standard view). */
export const STANDARD_LAYOUT_NAME = 'default';

/** Action codes of spec 1 section 6, as getauthorization and explain take them (besides 'execute'). */
export const ACTION_CODES = {
  '1.1': 'read',
  '1.2': 'update',
  '1.3': 'create',
  '1.4': 'delete',
  '1.5': 'createorupdate',
} as const;

/** Live event types (spec 1 §3 "Live event"; docs/operations.md "Background work and live events"). */
export const EVENT_TYPES = {
  /** A record was created, updated or deleted: EventData {Table, AutoID, Action}. */
  RecordChanged: 'RecordChanged',
  /** The definitions changed: screens and forms should be fetched again. */
  DefinitionsChanged: 'DefinitionsChanged',
  /** The user's session was ended elsewhere (a password change, a deactivation). */
  SessionEnded: 'SessionEnded',
  /** Progress of one of the user's background jobs: EventData {JobKind, RequestID, Descr, CurrentRow, TotalRows, Finished, Failed}. */
  JobProgress: 'JobProgress',
  /** Progress of one of the user's imports: EventData {ImportTaskID, CurrentRow, TotalRows, Finished}. */
  ImportProgress: 'ImportProgress',
} as const;

const MB = 1024 * 1024;
/** What one upload may hold (spec 3 §9): at most 1,000 loose files of 10 MB each, or one zip of at most 1,024 MB. */
export const UPLOAD_LIMITS = { files: 1000, fileBytes: 10 * MB, zipBytes: 1024 * MB } as const;

/** Spreadsheet import (spec 1 §3/§4/§9, spec 3 §9; docs/import-export.md). */
export const IMPORT = {
  /** Import task ProcessState: 0 pending, 1 running, 2 processed, 3 cancelled. */
  ProcessState: { Pending: 0, Running: 1, Processed: 2, Cancelled: 3 },
  /** Import task ProcessResult: 1 (all rows as asked) shows green; every other value red. */
  ProcessResult: { NotSet: 0, Succeeded: 1, SucceededWithFailures: 2, Failed: 3 },
  /** The row result written beside each row of the output file (spec 3 §9). */
  RowResult: {
    NotSet: 0,
    CreateSuccess: 1,
    OverwriteSuccess: 2,
    CreateFailed: 3,
    OverwriteFailed: 4,
    Skipped: 5,
    Failed: 6,
    Pending: 7,
  },
  BooleanFormat: ['TrueFalse', 'YesNo', 'TF', 'YN', 'OneZero'],
  DecimalFormat: ['Comma', 'Dot'],
  DateFormat: ['DMYYYY', 'DMYYYY_Dash', 'DDMMYYYY', 'MDYYYY', 'MDYYYY_Dash', 'MMDDYYYY'],
  ExportLayout: ['ImportLayout', 'GridLayout'],
  /** More rows than this need advanced mode (the verification code). */
  VerificationRows: 5000,
  DefaultTemplateName: 'import_template.xlsx',
} as const;

/** What one import may be: the file, its archive, its rows. */
export const IMPORT_LIMITS = {
  fileBytes: 100 * MB,
  /** The archive inside an .xlsx: entries, all of them inflated, and how far one may inflate. */
  entries: 2000,
  inflatedBytes: 1024 * MB,
  ratio: 200,
  rows: 200_000,
  columns: 200,
  cellChars: 32_767,
  /** The heap of the worker that reads the sheet. */
  workerHeapMb: 256,
} as const;
