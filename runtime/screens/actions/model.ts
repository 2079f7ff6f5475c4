// Actions as the runtime offers them (docs/business-records.md): a screen's actions (RunAction)
// and the open record's workflow transitions (ChangeStatus), each with its confirm, prompts and
// warning; which of them apply to a selection; and prompts as a generated form. Pure.
import { componentOf, type FieldType, type PromptDef } from '../../../definitions/language/index.ts';
import type { ChangeStatusRequest, PromptInfo, ScreenInfo, TransitionInfo } from '../../api/index.ts';
import type { FormAnswer, FormProperty } from '../../form/index.ts';

/** One thing a user can start on rows or on the open record. */
export interface ActionSpec {
  /** Unique among the offered actions. */
  key: string;
  label: string;
  /** 'action': RunAction {Action: name}; 'transition': ChangeStatus {Transition: name}. */
  call: 'action' | 'transition';
  name: string;
  /** Offered on several selected rows at once; otherwise on exactly one. */
  batch: boolean;
  /** The fewest rows it takes (1 unless the definition says more); such an action is one call for all of them. */
  minSelected: number;
  confirm: string | null;
  prompts: readonly PromptInfo[];
  warning: string | null;
  /** The execute right it needs (besides the table's update right). */
  right: string | null;
  /** A screen action that makes a workflow transition: its prompts and warning are the transition's. */
  transition: string | null;
}

/** Where a list prompt finds its entries: the list's lookup call. */
export const listMethod = (list: string) => `mvc/_lists/${list}`;

/**
 * A prompt of a definition as the calls describe prompts (PromptInfo). `forKey`
 * (`invoices.void.VoidReason`): the lookup of a transition's list prompt with a filter is for it.
 */
export function promptInfo(def: PromptDef, forKey?: string): PromptInfo {
  return {
    Name: def.name,
    Label: def.label,
    Type: def.type,
    // A rule (a setting decides) is the server's to judge: the server refuses what it requires.
    Required: def.required === true,
    ...(def.list ? { ListMethod: listMethod(def.list) } : {}),
    ...(def.list && def.where !== undefined && forKey ? { For: forKey } : {}),
    ...(def.options ? { Options: def.options.map((o) => ({ ...o })) } : {}),
    ...(def.maxLength ? { MaxLength: def.maxLength } : {}),
    ...(def.default !== undefined ? { Default: def.default } : {}),
  };
}

/** The screen's actions, in the definition's order; an action that makes a transition has its prompts. */
export function screenActions(screen: Pick<ScreenInfo, 'actions'> & Partial<Pick<ScreenInfo, 'table'>>): ActionSpec[] {
  return (screen.actions ?? []).map((a) => ({
    key: `action:${a.name}`,
    label: a.label,
    call: 'action',
    name: a.name,
    batch: a.batch ?? false,
    minSelected: Math.max(1, a.minSelected ?? 1),
    confirm: a.confirm ?? null,
    prompts: (a.prompts ?? []).map((p) =>
      promptInfo(
        p as PromptDef,
        a.transition && screen.table ? `${screen.table}.${a.transition}.${p.name}` : undefined,
      ),
    ),
    // A choosing action (its prompt picks the transition) carries its transitions' warning.
    warning: a.choose && 'warning' in a && typeof a.warning === 'string' ? a.warning : null,
    right: a.right ?? null,
    transition: a.transition ?? null,
  }));
}

/** A transition the open record may make now (GetTransitions). */
export function transitionAction(t: TransitionInfo): ActionSpec {
  return {
    key: `transition:${t.Name}`,
    label: t.Label,
    call: 'transition',
    name: t.Name,
    batch: false,
    minSelected: 1,
    confirm: null,
    prompts: t.Prompts,
    warning: t.Warning,
    right: null,
    transition: t.Name,
  };
}

/**
 * What the open record's toolbar offers: its transitions, then the screen's actions that are not
 * transitions (a transition action is already there when the record may make it, else it is not
 * possible now) and that one record can take (merging orders needs several).
 */
export function recordActions(
  screen: Pick<ScreenInfo, 'actions'>,
  transitions: readonly TransitionInfo[],
): ActionSpec[] {
  return [
    ...transitions.map(transitionAction),
    ...screenActions(screen).filter((a) => !a.transition && appliesTo(a, 1)),
  ];
}

type Selecting = Pick<ActionSpec, 'batch'> & Partial<Pick<ActionSpec, 'minSelected'>>;

/**
 * A batch action applies to one or more rows, any other to exactly one; an action that takes at
 * least N rows (merging into the first selected) to N or more.
 */
export function appliesTo(action: Selecting, count: number): boolean {
  const least = Math.max(1, action.minSelected ?? 1);
  return action.batch || least > 1 ? count >= least : count === 1;
}

/** How many rows must be selected before the action applies, when too few are: else null. */
export function rowsShort(action: Selecting, count: number): number | null {
  const least = action.minSelected ?? 1;
  return least > 1 && count < least ? least : null;
}

/**
 * Rows per call: an action with a minimum works on the whole selection at once (collecting into
 * the first selected row must see them all); others go in the batch dialog's chunks.
 */
export function chunkSizeOf(action: Pick<ActionSpec, 'minSelected'>, count: number): number | undefined {
  return action.minSelected > 1 ? Math.max(1, count) : undefined;
}

/** Whether the action moves records to another status, so a record may drop out of the user's sight. */
export function changesStatus(action: Pick<ActionSpec, 'call' | 'transition'>): boolean {
  return action.call === 'transition' || action.transition !== null;
}

/** The TimeStamp a record was read with, when it has one. */
export function stampOf(record: Record<string, unknown> | null | undefined): number | undefined {
  const value = record?.TimeStamp;
  const stamp = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof stamp === 'number' && Number.isSafeInteger(stamp) ? stamp : undefined;
}

/**
 * The ChangeStatus call. On one record read with `stamp`, the stamp goes along: the server refuses
 * (409) a record that changed since, rather than moving a status the user did not see.
 */
export function changeStatusRequest(
  transition: string,
  autoids: number[],
  values: Record<string, unknown>,
  stamp?: number,
): ChangeStatusRequest {
  return {
    autoids,
    Transition: transition,
    Values: values,
    ...(stamp !== undefined && autoids.length === 1 ? { TimeStamp: stamp } : {}),
  };
}

/** A screen action that makes a transition takes the transition's prompts and warning when it has none itself. */
export function withTransition(action: ActionSpec, transition: TransitionInfo | undefined): ActionSpec {
  if (!transition) return action;
  return {
    ...action,
    prompts: action.prompts.length ? action.prompts : transition.Prompts,
    warning: action.warning ?? transition.Warning,
  };
}

const FIELD_TYPE: Record<PromptInfo['Type'], FieldType> = {
  text: 'text',
  textarea: 'textarea',
  date: 'date',
  datetime: 'datetime',
  integer: 'integer',
  decimal: 'decimal',
  bool: 'bool',
  list: 'list',
  select: 'select',
};
const PROMPT_GROUP = 'prompts';

function property(prompt: PromptInfo): FormProperty {
  const type = FIELD_TYPE[prompt.Type];
  const numeric = type === 'integer' || type === 'decimal';
  return {
    FieldName: prompt.Name,
    Label: prompt.Label,
    Value: null,
    Required: prompt.Required,
    Enabled: true,
    Visibility: prompt.Required ? 3 : 1,
    Component: componentOf(type),
    FieldType: type,
    QuantityUnit: null,
    GroupID: PROMPT_GROUP,
    Tab: null,
    Column: 1,
    Settings: {
      FieldLength: prompt.MaxLength ?? null,
      min: null,
      max: null,
      step: numeric ? (type === 'integer' ? 1 : 0.01) : null,
      Integers: null,
      Decimals: type === 'decimal' ? 2 : null,
      Options: prompt.Options ? prompt.Options.map((o) => ({ ...o })) : null,
      ListConfig: prompt.ListMethod
        ? {
            ListMethod: prompt.ListMethod,
            SingleMethod: `${prompt.ListMethod}/single`,
            // A prompt whose filter limits its rows: the lookup says which prompt it is for.
            ...(prompt.For ? { For: prompt.For, Reads: [] } : {}),
            Parameters: [],
            GroupID: PROMPT_GROUP,
            ParentList: null,
          }
        : null,
    },
    Rules: { visibleWhen: null, enabledWhen: null, requiredWhen: null },
  };
}

/** The prompts as a form for the generic form machinery: one group, one field per prompt. */
export function promptForm(prompts: readonly PromptInfo[]): FormAnswer {
  return { Properties: prompts.map(property), Groups: [{ GroupID: PROMPT_GROUP, Label: null, Tab: null, Column: 1 }] };
}

const empty = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v));

/** Required prompts without a value (a list value counts only above 0). */
export function missingPrompts(prompts: readonly PromptInfo[], values: Record<string, unknown>): string[] {
  return prompts
    .filter((p) => {
      if (!p.Required) return false;
      const v = values[p.Name];
      if (p.Type === 'list') return !(typeof v === 'number' && v > 0);
      if (p.Type === 'bool') return v === undefined || v === null;
      return empty(v);
    })
    .map((p) => p.Name);
}

/** The user's date today as records hold dates (YYYY-MM-DD). */
function todayText(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** What the prompts start with: each one's default, `$today` as the user's date today. */
export function promptDefaults(prompts: readonly PromptInfo[], now = new Date()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of prompts)
    if (p.Default !== undefined && p.Default !== null)
      out[p.Name] = p.Default === '$today' ? todayText(now) : p.Default;
  return out;
}

/** The values sent with the call: the prompts' values by name, empty ones left out. */
export function promptValues(prompts: readonly PromptInfo[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of prompts) if (!empty(values[p.Name])) out[p.Name] = values[p.Name];
  return out;
}
