// Saving from the keyboard: Ctrl+S (Cmd+S) anywhere in a form, and Enter in a one-line field,
// where it cannot mean a new line. A widget that uses Enter itself (a picker choosing an item, a
// button) handles it first and marks the event, and an open list keeps it.
import type { KeyboardEvent } from 'react';

const ONE_LINE = new Set([
  'text',
  'search',
  'email',
  'tel',
  'url',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
]);

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** Whether this key press asks to save. */
export function asksToSave(event: KeyPress): boolean {
  if (event.defaultPrevented) return false;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') return true;
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return false;
  const target = event.target as HTMLElement | null;
  if (!(target instanceof HTMLInputElement) || !ONE_LINE.has(target.type)) return false;
  return target.getAttribute('aria-expanded') !== 'true' && !target.closest('[aria-expanded="true"]');
}

/** A keydown handler that saves on Ctrl+S or Enter in a one-line field. */
export function saveOnKeys(save: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!asksToSave(event)) return;
    event.preventDefault();
    save();
  };
}
