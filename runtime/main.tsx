// Runtime entry: choose the language, load its catalog, then render the shell.
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.ts';
import { activate, chooseLocale, i18n } from './i18n/index.ts';

await activate(chooseLocale(document.cookie, navigator.languages));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
