// One store for the dialog layer: toasts, alerts, the stack of modal dialogs (confirm, unsaved
// changes, loader, and the modals pages render themselves) and the promise-based API over them.
// Resolvers and close handlers live outside the proxy: they are functions, not state to draw.
import { proxy } from 'valtio';
import type { HistoryPort } from '../navigation/router.ts';

export const TOAST_MS = 3000;
export const ALERT_MS = 5000;
export const MODAL_ENTER_MS = 300;
export const MODAL_LEAVE_MS = 100;

export type ToastType = 'success' | 'error' | 'info';
export type AlertType = 'error' | 'info' | 'success' | 'warning';
export type ConfirmAnswer = 'yes' | 'no' | 'cancel';
export type UnsavedAnswer = 'save' | 'discard' | 'cancel';

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
}
export interface Alert {
  id: number;
  type: AlertType;
  text: string;
}
export interface StackEntry {
  id: number;
  kind: 'confirm' | 'unsaved' | 'loader' | 'modal' | 'blob';
  key?: string;
  title?: string;
  text?: string;
  /** A full-screen modal owns a browser history entry, so Back closes it. */
  history?: boolean;
  /** The print-blob dialog's file: an object URL of its bytes. */
  blob?: { url: string; fileName: string };
}

export interface DialogState {
  toasts: Toast[];
  alerts: Alert[];
  stack: StackEntry[];
}

export const dialogs = proxy<DialogState>({ toasts: [], alerts: [], stack: [] });

let nextId = 1;
const resolvers = new Map<number, (answer: string) => void>();
/** The blobs behind print-blob dialogs, by entry, so closing the dialog lets them go. */
const blobs = new Map<number, Blob>();
const REVOKE_AFTER_MS = 60_000;
const modalHandlers = new Map<string, { onClose: () => unknown; popped: boolean }>();
const pendingRemoval = new Set<string>();
let port: HistoryPort | null = null;

/** The browser history the full-screen modals push onto (none in unit tests). */
export function bindDialogHistory(history: HistoryPort | null): void {
  port = history;
}

function removeEntry(id: number): void {
  const at = dialogs.stack.findIndex((e) => e.id === id);
  if (at >= 0) dialogs.stack.splice(at, 1);
}

const toastTimers = new Map<number, ReturnType<typeof setTimeout>>();

export function toast(type: ToastType, text: string, ms = TOAST_MS): number {
  // The same message again (saving three times in a row) takes the place of the one still shown
  // instead of stacking copies; as a new toast it is announced again.
  const same = dialogs.toasts.find((t) => t.type === type && t.text === text);
  if (same) dismissToast(same.id);
  const id = nextId++;
  dialogs.toasts.push({ id, type, text });
  toastTimers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  );
  return id;
}

export function dismissToast(id: number): void {
  clearTimeout(toastTimers.get(id));
  toastTimers.delete(id);
  const at = dialogs.toasts.findIndex((t) => t.id === id);
  if (at >= 0) dialogs.toasts.splice(at, 1);
}

/** An alert box; it clears itself after 5000 ms unless autoClearMs is null. */
export function showAlert(text: string, options: { type?: AlertType; autoClearMs?: number | null } = {}): number {
  const id = nextId++;
  dialogs.alerts.push({ id, type: options.type ?? 'error', text });
  const ms = options.autoClearMs === undefined ? ALERT_MS : options.autoClearMs;
  if (ms !== null) setTimeout(() => dismissAlert(id), ms);
  return id;
}

export function dismissAlert(id: number): void {
  const at = dialogs.alerts.findIndex((a) => a.id === id);
  if (at >= 0) dialogs.alerts.splice(at, 1);
}

function ask<T extends string>(kind: 'confirm' | 'unsaved', text?: string, title?: string): Promise<T> {
  const id = nextId++;
  dialogs.stack.push({ id, kind, text, title });
  return new Promise<T>((resolve) => resolvers.set(id, resolve as (answer: string) => void));
}

/** Yes / no / cancel. */
export function confirm(text: string, title?: string): Promise<ConfirmAnswer> {
  return ask<ConfirmAnswer>('confirm', text, title);
}

/** Save / discard / cancel, with the spec's fixed texts drawn by the dialog. */
export function askUnsaved(): Promise<UnsavedAnswer> {
  return ask<UnsavedAnswer>('unsaved');
}

/** Answer an open confirm or unsaved dialog. */
export function answer(id: number, value: string): void {
  const resolve = resolvers.get(id);
  resolvers.delete(id);
  removeEntry(id);
  resolve?.(value);
}

/** Show the loader; the returned function hides it. */
export function showLoader(text?: string): () => void {
  const id = nextId++;
  dialogs.stack.push({ id, kind: 'loader', text });
  return () => removeEntry(id);
}

/**
 * The print-blob dialog (spec 1 section 2): a file the browser can show and print (a PDF) is
 * offered to view, print or save; the blob stays until the dialog closes.
 */
export function showPrintBlob(blob: Blob, fileName: string): number {
  const id = nextId++;
  blobs.set(id, blob);
  dialogs.stack.push({ id, kind: 'blob', title: fileName, blob: { url: URL.createObjectURL(blob), fileName } });
  return id;
}

/** The blob an open print-blob dialog shows (to save it). */
export function blobOf(id: number): Blob | undefined {
  return blobs.get(id);
}

export function closePrintBlob(id: number): void {
  const entry = dialogs.stack.find((e) => e.id === id);
  const url = entry?.blob?.url;
  blobs.delete(id);
  removeEntry(id);
  // A tab opened to view or print it may still be reading it.
  if (url) setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * onClose answers false (or a promise of false) when the page keeps the modal open.
 * A page-rendered modal joins the stack so Escape reaches the top-most one. Registration is keyed
 * and removal deferred a microtask, so React's StrictMode unmount/remount keeps one entry (and
 * one history entry).
 */
export function registerModal(
  key: string,
  options: { title?: string; history?: boolean; onClose: () => unknown },
): () => void {
  pendingRemoval.delete(key);
  const existing = modalHandlers.get(key);
  if (existing) existing.onClose = options.onClose;
  else {
    modalHandlers.set(key, { onClose: options.onClose, popped: false });
    dialogs.stack.push({ id: nextId++, kind: 'modal', key, title: options.title, history: options.history });
    if (options.history) port?.pushState({ ...(port.state as object | null), modal: key }, '');
  }
  return () => {
    pendingRemoval.add(key);
    queueMicrotask(() => {
      if (!pendingRemoval.delete(key)) return;
      const handler = modalHandlers.get(key);
      modalHandlers.delete(key);
      const entry = dialogs.stack.find((e) => e.key === key);
      if (entry) removeEntry(entry.id);
      // Closed by the page (button, Escape, save): drop the history entry it pushed.
      if (entry?.history && handler && !handler.popped) port?.back();
    });
  };
}

/** Keep a registered modal's close handler current (it changes with every render). */
export function updateModal(key: string, onClose: () => unknown): void {
  const handler = modalHandlers.get(key);
  if (handler) handler.onClose = onClose;
}

/** Escape: close the top-most dialog. Confirm and unsaved answer 'cancel'; the loader stays. */
export function closeTop(): boolean {
  const top = dialogs.stack[dialogs.stack.length - 1];
  if (!top) return false;
  if (top.kind === 'confirm' || top.kind === 'unsaved') answer(top.id, 'cancel');
  else if (top.kind === 'blob') closePrintBlob(top.id);
  else if (top.kind === 'modal') void modalHandlers.get(top.key!)?.onClose();
  else return false;
  return true;
}

/** popstate: the browser stepped back past a full-screen modal's entry; ask it to close. */
export async function onDialogPopState(state: unknown): Promise<void> {
  const current = (state as { modal?: unknown } | null)?.modal;
  const modals = dialogs.stack.filter((e) => e.kind === 'modal' && e.history);
  const top = modals[modals.length - 1];
  if (!top || top.key === current) return;
  const handler = modalHandlers.get(top.key!);
  if (!handler) return;
  handler.popped = true;
  const closed = await handler.onClose();
  // The page kept it open (e.g. cancel on unsaved changes): restore its history entry.
  if (closed === false && modalHandlers.get(top.key!) === handler) {
    handler.popped = false;
    port?.pushState({ ...(port.state as object | null), modal: top.key }, '');
  }
}

/** Test helper: forget everything. */
export function resetDialogs(): void {
  for (const timer of toastTimers.values()) clearTimeout(timer);
  toastTimers.clear();
  dialogs.toasts.splice(0);
  dialogs.alerts.splice(0);
  dialogs.stack.splice(0);
  resolvers.clear();
  blobs.clear();
  modalHandlers.clear();
  pendingRemoval.clear();
}
