// The runtime's one API client, for the page's own origin. apiHooks is filled in by the account
// module at start-up (session timer, login redirect), so the client needs no import of it.
import { createClient } from './client.ts';
import type { ClientHooks } from './client.ts';
import { createTransfer } from './transfer.ts';

export { CallFailed, RETRIES, createClient, errorText, isRetryable, isUnauthenticated } from './client.ts';
export type {
  ApiErrorBody,
  AvailableColumn,
  AvailableFilter,
  BatchAnswer,
  BooleanFormat,
  ChangeStatusRequest,
  ColumnAlignment,
  CurrentUser,
  DashboardAnswer,
  RightsMatrixAnswer,
  GrantChange,
  RowLimitProblemsAnswer,
  DateFormat,
  DecimalFormat,
  DescribedLayout,
  ExportLayout,
  FieldCondition,
  FlexAnswer,
  FlexRequest,
  ImportDestination,
  ImportNotations,
  ImportFailedRow,
  ImportProgress,
  ImportResults,
  ImportTask,
  Layout,
  LayoutColumn,
  LayoutColumnRequest,
  LayoutContent,
  LayoutFilter,
  LayoutType,
  ListEntry,
  MissingRight,
  CatalogueEntry,
  NewLayout,
  PromptInfo,
  RunActionRequest,
  SecurityEntry,
  ShareableGroup,
  StatusLogEntry,
  TemplateRequest,
  TransitionInfo,
  TransitionsAnswer,
  UserDefault,
  UserLayout,
  ViewPermissions,
  ActivatedModules,
  LicenceAnswer,
  LicenceSave,
  RetrievedLicence,
  LanguageCounts,
  TableFields,
  TextSource,
  TranslationDashboard,
  TranslationEntry,
  TranslationList,
  TypeChangeAnswer,
} from '../../definitions/language/index.ts';
export type {
  ApiClient,
  ClientHooks,
  LookupEntry,
  ScreenInfo,
  TableScreen,
  LiveMessage,
  LivePollAnswer,
  WriteObserver,
} from './client.ts';
export { fileNameOf } from './disposition.ts';
export { createTransfer, fileUrls, isNetworkFailure } from './transfer.ts';
export type { FetchedFile, ImportStart, Transfer, UploadedFile } from './transfer.ts';
export const apiHooks: ClientHooks = {};
export const api = createClient('/', apiHooks);
/** Uploads and file downloads, with the same hooks. */
export const transfer = createTransfer('/', apiHooks);
