// List picker behaviour (spec 1 section 4 "List picker", section 5): a reducer the hook drives,
// plus the pure decisions around it. Fetching and timers live in usePicker.
import type { LookupEntry } from '../../api/index.ts';
import type { FormProperty, ListConfig } from '../types.ts';

export const PICKER_SEARCH_DEBOUNCE_MS = 150;
export const PICKER_SCROLL_THROTTLE_MS = 200;
/** Focus coming from another element opens the list this much later (spec 1 §4); a click opens it at once. */
export const PICKER_FOCUS_OPEN_DELAY_MS = 1000;
/** F4 opens the advanced search. */
export const ADVANCED_SEARCH_KEY = 'F4';
export const ADVANCED_SEARCH_KEY_CODE = 115;

export interface PickerState {
  open: boolean;
  /** What the input shows: the search while typing, else the selection's text. */
  text: string;
  /** Whether the user typed since focus: only then is the text a search, and the first match the one Enter or Tab take. */
  typed: boolean;
  selectedText: string;
  items: LookupEntry[];
  highlight: number;
  page: number;
  hasMore: boolean;
  loading: boolean;
  advanced: boolean;
}

export type PickerAction =
  | { type: 'focus' }
  | { type: 'open' }
  | { type: 'type'; text: string }
  | { type: 'loading' }
  | { type: 'results'; items: LookupEntry[]; page: number; hasMore: boolean }
  | { type: 'failed' }
  /** `extra`: entries after the list's own (1 when the dropdown ends with "+ Nieuw"). */
  | { type: 'move'; by: 1 | -1; extra?: number }
  | { type: 'accept'; entry: LookupEntry | null }
  | { type: 'blur' }
  | { type: 'selected'; text: string }
  | { type: 'advanced'; open: boolean };

export function initialPicker(selectedText = ''): PickerState {
  return {
    open: false,
    text: selectedText,
    typed: false,
    selectedText,
    items: [],
    highlight: -1,
    page: 0,
    hasMore: false,
    loading: false,
    advanced: false,
  };
}

export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    // Focus keeps the shown value (the search starts empty, nothing highlighted): only what the
    // user then types or chooses changes the field.
    case 'focus':
      return { ...state, text: state.selectedText, typed: false, highlight: -1 };
    case 'open':
      return state.open ? state : { ...state, open: true };
    case 'type':
      return { ...state, open: true, text: action.text, typed: true, highlight: -1 };
    case 'loading':
      return { ...state, loading: true };
    case 'results':
      return {
        ...state,
        loading: false,
        items: action.page === 0 ? action.items : [...state.items, ...action.items],
        page: action.page,
        hasMore: action.hasMore,
        highlight: action.page === 0 ? (state.typed && state.text && action.items.length ? 0 : -1) : state.highlight,
      };
    case 'failed':
      return { ...state, loading: false };
    case 'move': {
      const count = state.items.length + (action.extra ?? 0);
      if (!count) return { ...state, open: true };
      const highlight = Math.min(Math.max(state.highlight + action.by, 0), count - 1);
      return { ...state, open: true, highlight };
    }
    case 'accept': {
      const selectedText = action.entry ? action.entry.Descr : '';
      return { ...state, open: false, advanced: false, text: selectedText, typed: false, selectedText, highlight: -1 };
    }
    case 'blur':
      return { ...state, open: false, text: state.selectedText, typed: false, highlight: -1 };
    case 'selected':
      return { ...state, selectedText: action.text, text: state.typed ? state.text : action.text };
    case 'advanced':
      return { ...state, advanced: action.open, open: false };
  }
}

export type PickerKeyEffect =
  { kind: 'move'; by: 1 | -1 } | { kind: 'accept' } | { kind: 'blur' } | { kind: 'advanced' } | null;

/** What a key does in the picker's input. */
export function pickerKey(key: string, keyCode?: number): PickerKeyEffect {
  if (key === ADVANCED_SEARCH_KEY || keyCode === ADVANCED_SEARCH_KEY_CODE) return { kind: 'advanced' };
  switch (key) {
    case 'ArrowDown':
      return { kind: 'move', by: 1 };
    case 'ArrowUp':
      return { kind: 'move', by: -1 };
    case 'Enter':
    case 'Tab':
      return { kind: 'accept' };
    case 'Escape':
      return { kind: 'blur' };
    default:
      return null;
  }
}

/**
 * The entry Enter or Tab accepts: the highlighted one, while the dropdown is open. Something is
 * highlighted only when the user typed a search (its first match) or moved with the arrows, so
 * tabbing through a picker leaves its value as it was.
 */
export function acceptedEntry(state: PickerState): LookupEntry | undefined {
  return state.open && state.highlight >= 0 ? state.items[state.highlight] : undefined;
}

/** Whether the entry after the list's own ("+ Nieuw") is the one highlighted in the open dropdown. */
export function createHighlighted(state: PickerState): boolean {
  return state.open && state.highlight === state.items.length;
}

/** A picker value counts as set only when above 0 (an AutoID) or not empty (a catalogue code). */
export function hasPickerValue(value: unknown): value is number | string {
  return (typeof value === 'number' && value > 0) || (typeof value === 'string' && value !== '');
}

/** What a field stores of a chosen entry: a list row's AutoID, or a catalogue entry's code. */
export function entryValue(entry: LookupEntry, config: Pick<ListConfig, 'ValueField'>): number | string | null {
  if (config.ValueField === 'ID') return entry.ID;
  return 'AutoID' in entry ? entry.AutoID : null;
}

/** Whether an entry is an archived list row (catalogue entries never are). */
export const isArchivedEntry = (entry: LookupEntry): boolean => 'Archive' in entry && entry.Archive;

export function canClear(o: { value: unknown; enabled: boolean; allowEmpty: boolean; required: boolean }): boolean {
  return hasPickerValue(o.value) && o.enabled && o.allowEmpty && !o.required;
}

/**
 * The Archive flag of the generic list request (spec 1 §7): a lookup list's picker asks for active
 * rows. A catalogue of the definitions (rights, tables) has no archive and takes no such flag.
 */
export const archiveFlag = (listMethod: string): { Archive?: false } =>
  /(^|\/)_lists\//i.test(listMethod) ? { Archive: false } : {};

/** The search a list request sends: what the user typed, else nothing (every entry). */
export const searchText = (state: PickerState): string => (state.typed ? state.text : '');

/** How long after focus the list opens: later when focus came from another element (Tab), at once otherwise. */
export const focusOpenDelay = (fromAnotherElement: boolean): number =>
  fromAnotherElement ? PICKER_FOCUS_OPEN_DELAY_MS : 0;

/** More results load when the bottom is in view, one page at a time. */
export function shouldLoadMore(state: PickerState): boolean {
  return state.hasMore && !state.loading;
}

/**
 * The list's filter parameters with their values: each is bound to the value of the field
 * whose list (or catalogue) is the parameter's list (ParentList), else to a field of the same name.
 */
export function pickerParameters(
  property: FormProperty,
  properties: readonly FormProperty[],
  record: Record<string, unknown>,
): Record<string, unknown> {
  const config = property.Settings.ListConfig;
  if (!config) return {};
  const parent = config.ParentList
    ? properties.find(
        (p) =>
          p !== property &&
          [`/_lists/${config.ParentList!.toLowerCase()}`, `/_catalogues/${config.ParentList!.toLowerCase()}`].some(
            (end) => p.Settings.ListConfig?.ListMethod.toLowerCase().endsWith(end),
          ),
      )
    : undefined;
  const bound: Record<string, unknown> = {};
  for (const name of config.Parameters) {
    const value = parent ? record[parent.FieldName] : record[name];
    if (value !== undefined && value !== null && value !== '') bound[name] = value;
  }
  return bound;
}

/** Calls a function at most once per interval (the load-more trigger fires on every scroll). */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    fn(...args);
  };
}
