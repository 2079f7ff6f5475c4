// Focus of a modal dialog: it takes focus when it opens (its first field, else its first button,
// else itself), Tab and Shift+Tab stay inside it, and focus returns to where it was when it closes.
// A dialog whose fields arrive later (a record still loading) moves focus to its first field
// when that appears, unless the user has moved focus meanwhile. On a phone the dialog itself takes
// the focus, not a field: no on-screen keyboard covers the record before the user asks for it.
import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { isNarrow } from '../useNarrow.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELDS =
  'input:not([disabled]):not([type="hidden"]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

function visible(element: HTMLElement): boolean {
  return !element.closest('[hidden]') && element.getClientRects().length > 0;
}

/** The elements Tab moves between, in order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
}

/**
 * Where a dialog's focus starts: what the dialog marks with data-autofocus (its first step is not
 * a field, e.g. choosing files), else its first field in the body, else its first button, else none.
 */
export function firstTarget(root: HTMLElement): HTMLElement | null {
  const body = root.querySelector<HTMLElement>('.app-modal-body') ?? root;
  const marked = [...body.querySelectorAll<HTMLElement>('[data-autofocus]')].find(visible);
  if (marked) return marked;
  const field = [...body.querySelectorAll<HTMLElement>(FIELDS)].find(visible);
  if (field) return field;
  const footer = root.querySelector<HTMLElement>('.app-modal-footer');
  return (footer && focusables(footer)[0]) ?? focusables(body)[0] ?? null;
}

/** Tab from the last element goes to the first, Shift+Tab from the first to the last. */
export function trapTab(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return;
  const list = focusables(event.currentTarget);
  if (list.length === 0) {
    event.preventDefault();
    return;
  }
  const first = list[0];
  const last = list[list.length - 1];
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && event.currentTarget.contains(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

export function useDialogFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (isNarrow()) {
      dialog.focus();
      return () => {
        if (
          before?.isConnected &&
          (document.activeElement === document.body || dialog.contains(document.activeElement))
        )
          before.focus();
      };
    }
    const target = firstTarget(dialog);
    (target ?? dialog).focus();
    // Fields that arrive after opening (a record loading) take focus while the dialog itself holds it.
    let observer: MutationObserver | null = null;
    if (!target || target.closest('.app-modal-footer')) {
      observer = new MutationObserver(() => {
        if (
          document.activeElement !== dialog &&
          !dialog.querySelector('.app-modal-footer')?.contains(document.activeElement)
        ) {
          observer?.disconnect();
          return;
        }
        const field = dialog.querySelector<HTMLElement>('.app-modal-body')?.querySelector<HTMLElement>(FIELDS);
        if (field && visible(field)) {
          field.focus();
          observer?.disconnect();
        }
      });
      observer.observe(dialog, { childList: true, subtree: true });
    }
    return () => {
      observer?.disconnect();
      // Back to where the user was, when that is still on the page and nothing else took focus.
      if (
        before &&
        before.isConnected &&
        (!document.activeElement || document.activeElement === document.body || dialog.contains(document.activeElement))
      ) {
        before.focus();
      }
    };
  }, [ref]);
}
