// Actions and transitions on rows and on the open record: the model, rights, prompts and runner.
export {
  appliesTo,
  changeStatusRequest,
  changesStatus,
  chunkSizeOf,
  listMethod,
  missingPrompts,
  promptForm,
  promptInfo,
  promptValues,
  recordActions,
  rowsShort,
  screenActions,
  stampOf,
  transitionAction,
  withTransition,
} from './model.ts';
export type { ActionSpec } from './model.ts';
export { findTransition, TRANSITION_PROBES } from './findTransition.ts';
export { PromptDialog } from './PromptDialog.tsx';
export type { PromptDialogProps } from './PromptDialog.tsx';
export { useActionRights } from './useActionRights.ts';
export { useActionRunner } from './useActionRunner.tsx';
export type { ActionOutcome, ActionRunner, RunOptions } from './useActionRunner.tsx';
