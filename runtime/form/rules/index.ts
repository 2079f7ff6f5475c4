// Pure input rules of the form's widgets (spec 1 sections 4, 5 and 9).
export { blocksKey, clamp, numericOnBlur, parseNumeric, roundToStep, stepDecimals, stepValue } from './numeric.ts';
export type { NumericLimits } from './numeric.ts';
export { MAX_LENGTH_MESSAGE_ID, maxLengthProblem } from './text.ts';
export type { MaxLengthProblem } from './text.ts';
export { applyUserStamp, userStampPrefix } from './stamp.ts';
export {
  apiFromText,
  capPart,
  capTyped,
  dateFormatText,
  dateKind,
  expandYear,
  formatShortDateTime,
  nowApiValue,
  textFromApi,
  typedParts,
} from './datetime.ts';
export type { DateKind } from './datetime.ts';
export { normalizeTime, timeText } from './time.ts';
export { COLOR_TEXT_LENGTH, limitColorText, swatchColor } from './color.ts';
export {
  ADVANCED_SEARCH_KEY,
  ADVANCED_SEARCH_KEY_CODE,
  PICKER_FOCUS_OPEN_DELAY_MS,
  PICKER_SCROLL_THROTTLE_MS,
  PICKER_SEARCH_DEBOUNCE_MS,
  acceptedEntry,
  archiveFlag,
  createHighlighted,
  canClear,
  entryValue,
  focusOpenDelay,
  hasPickerValue,
  initialPicker,
  isArchivedEntry,
  pickerKey,
  pickerParameters,
  pickerReducer,
  searchText,
  shouldLoadMore,
  throttle,
} from './picker.ts';
export type { PickerAction, PickerKeyEffect, PickerState } from './picker.ts';
export { prefillValues, referenceOffer } from './reference.ts';
export type { ReferenceOffer, ReferenceRights } from './reference.ts';
