// Start-up: load the route table, set up the router and the history bindings.
import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { proxy } from 'valtio';
import { api } from '../api/index.ts';
import { bindDialogHistory, onDialogPopState, showAlert } from './dialogs/index.ts';
import { onPopState, setupRouter } from './router.ts';

export const shell = proxy({ status: 'loading' as 'loading' | 'ready' | 'failed', menuOpen: false });

let started = false;

export async function startApp(): Promise<void> {
  if (started) return;
  started = true;
  try {
    const { Screens } = await api.screens();
    setupRouter(Screens, { search: window.location.search, history: window.history });
    bindDialogHistory(window.history);
    window.addEventListener('popstate', (event) => {
      void onDialogPopState(event.state);
      onPopState(event.state);
    });
    shell.status = 'ready';
  } catch (error) {
    console.error(error);
    shell.status = 'failed';
    showAlert(i18n._(msg({ id: 'errors.error_retrieving', message: 'Fout bij het ophalen van de gegevens.' })), { autoClearMs: null });
  }
}

export function toggleMenu(open = !shell.menuOpen): void {
  shell.menuOpen = open;
}
