// The generic form: rjsf driven by the server's GetForm answer, with the project's own widgets.
export { GenericForm } from './GenericForm.tsx';
export type { GenericFormProps } from './GenericForm.tsx';
export type { OpenReference, ReferenceRequest } from './context.ts';
export { checkMessages, checksHold, confirmsFor, formForTab, lockFields } from './checks.ts';
export type { CheckMessages } from './checks.ts';
export { compileForm, fieldState } from './compile.ts';
export type { CompiledForm, CompiledGroup, FieldOptions, FieldState } from './compile.ts';
export { serverErrors, withLabel } from './server-errors.ts';
export type { ServerErrors } from './server-errors.ts';
export { Visibility } from './types.ts';
export type {
  FormAnswer,
  FormCheck,
  FormConfirm,
  FormGroup,
  FormProperty,
  FormRules,
  ListConfig,
  PropertySettings,
  SelectOption,
} from './types.ts';
export { WIDGET_BY_COMPONENT, widgetFor } from './widgets/registry.ts';
export type { WidgetName } from './widgets/registry.ts';
export {
  ADVANCED_SEARCH_KEY_CODE,
  COLOR_TEXT_LENGTH,
  PICKER_SCROLL_THROTTLE_MS,
  PICKER_SEARCH_DEBOUNCE_MS,
  apiFromText,
  applyUserStamp,
  blocksKey,
  canClear,
  capPart,
  clamp,
  dateKind,
  expandYear,
  formatShortDateTime,
  hasPickerValue,
  initialPicker,
  limitColorText,
  maxLengthProblem,
  normalizeTime,
  numericOnBlur,
  parseNumeric,
  pickerKey,
  pickerParameters,
  pickerReducer,
  prefillValues,
  referenceOffer,
  roundToStep,
  stepValue,
  swatchColor,
  textFromApi,
  userStampPrefix,
} from './rules/index.ts';
export type {
  DateKind,
  MaxLengthProblem,
  PickerAction,
  PickerState,
  ReferenceOffer,
  ReferenceRights,
} from './rules/index.ts';
