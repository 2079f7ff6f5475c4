// The metadata language: definition shapes, their schemas, layering and the pure rules
// that the server and the runtime share. No I/O here.
export type {
  Align, DefinitionKind, FieldDef, FieldType, FormDef, FormGroupDef, GridDef, GridLayoutDef, IndexDef,
  LayoutColumnDef, ListDef, LocaleDef, PackDef, RightAction, RightDef, RightsDef, ScreenDef, ScreenKind, SeedDef,
  SelectOption, TableDef, ActionDef, CallDef, ApplyDef, CatalogueItem, CatalogueName, ChangeLogDef, CheckDef, TypedPropertiesDef, ConfirmDef, DataSetDef, NumberingDef, PromptDef, StateDef, TabDef, TransitionDef,
  WorkflowDef,
} from './types.ts';
export {
  COLOR_LENGTH, ColumnFormat, Component, DIGIT_LIMITS, FIELD_TYPES, MAX_FILTER_VALUES, OPERATORS, columnType, componentOf,
  decimalDigits, defaultFormat, fieldRuleErrors, filterKind, integerDigits, numericBound, operatorsFor, textLength, valueKind,
} from './field-types.ts';
export type { ComponentCode, FilterKind, ValueKind } from './field-types.ts';
export { evaluateRule, fitsMask, isRule, relatedPaths, ruleFields, ruleProblems, ruleValue } from './rules.ts';
export { CATALOGUES, catalogueOf, grantableActions, isCatalogue } from './catalogues.ts';
export { isCalendarDate, isDateTime, isTimeOfDay } from './dates.ts';
export { isTimeZone, now, setTimeZone, timeZone, today } from './clock.ts';
export { canonicalText } from './canonical.ts';
export { KINDS, SCHEMAS } from './schemas.ts';
export { formatProblem, schemaProblems } from './validate.ts';
export type { DefinitionProblem } from './validate.ts';
export { derivationPaths, type Derivation, type WhenSourceHidden } from './derivations.ts';
export { LAYER_KINDS, LAYER_SLOTS, addToLayer, documentsTable, emptyLayer, isLayerKind, layer } from './layering.ts';
export type { Conflict, Effective, EffectiveField, EffectiveTable, Layer, LayerDoc, LayerKind, Named, Origin, Provenance } from './layering.ts';
export { SYSTEM_FIELDS, effectiveProblems } from './check.ts';
export { MESSAGES, formatMessage, message } from './messages.ts';
export type { MessageId, Said } from './messages.ts';
export {
  ACTION_CODES, DATA_SOURCE, DEFAULT_PAGE_SIZE, EVENT_TYPES, IMPORT, IMPORT_LIMITS, UPLOAD_LIMITS, LAYOUT_NAME_MAX_LENGTH, LAYOUT_NAME_PATTERN, LAYOUT_TYPE, MAX_COLUMN_WIDTH, MAX_PAGE_SIZE,
  NEW_COLUMN_WIDTH, PICKER_PAGE_SIZE, STANDARD_LAYOUT_NAME, VIEW_PERMISSIONS,
} from './constants.ts';
export type { ViewPermission } from './constants.ts';
export { COPY_ABOVE, LICENCE_SEGMENTS, MODULE_CODES, MODULES, PRODUCT_CODE_LENGTHS, canCopy, isModule, joinProductCode, readPastedLicence, splitProductCode } from './licence.ts';
export { ARCHIVE_LABEL, LANGUAGES, SOURCE_LANGUAGE, layerTexts, requestLanguage, textsOf, translateAnswer, translateDeep, translator } from './texts.ts';
export type { Language, Translate } from './texts.ts';
export type { ModuleCode, PastedLicence } from './licence.ts';
export { API_COMPONENTS, CALLS, ErrorAnswer, POSITION_DIGITS, declaredKeys } from './api-schemas.ts';
export type { AnswerOf, BodyOf, CallName, CallSchema } from './api-schemas.ts';
export type { Infer, Typed } from './typed-schema.ts';
export type {
  ApiErrorBody, AvailableColumn, AvailableFilter, CatalogueEntry, ColumnAlignment, CurrentUser, DescribedLayout, FieldCondition, FlexAnswer, FlexRequest, Layout,
  LayoutColumn, LayoutColumnRequest, LayoutContent, LayoutContentRequest, LayoutFilter, LayoutType, ListEntry, NewLayout, SecurityEntry, ShareableGroup,
  UserDefault, UserLayout, ViewPermissions, FlexColumn, ChoiceOption, BatchAnswer, BatchItem, BatchResultKind, ChangeStatusRequest, DashboardAnswer,
  PromptInfo, RunActionRequest, StateValue, StatusLogEntry, TransitionInfo, TransitionsAnswer, TypeChangeAnswer, LiveMessage, LivePollAnswer, UploadedFile,
  LicenceAnswer, LicenceSave, ActivatedModules, RetrievedLicence, LanguageCounts, TableFields, TextSource, TranslationDashboard, TranslationEntry, TranslationList,
  ImportDestination, BooleanFormat, DecimalFormat, DateFormat, ExportLayout, ImportNotations, ImportForm, ImportTask, ImportProgress, TemplateRequest,
} from './api-types.ts';
