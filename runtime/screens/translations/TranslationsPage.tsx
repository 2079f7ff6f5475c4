// The translations task (spec 3 admin task `translations`): every text a person reads — the
// definitions' labels and the runtime's own strings — in one language, beside the Dutch and what
// ships. The administrator types a correction and saves it with Enter or Opslaan; Herstellen
// brings back the shipped text. Every open screen follows at once (a definitions-changed event).
import { useLingui } from '@lingui/react/macro';
import type { ScreenInfo, TextSource } from '../../api/index.ts';
import { useLeaveGuard, type RouteParams } from '../../ui/navigation/index.ts';
import { ENDONYMS, type Locale } from '../../i18n/index.ts';
import { useBeforeUnload, useScreenRights } from '../../state/index.ts';
import { TranslationRow } from './TranslationRow.tsx';
import { TARGETS, initialQuery } from './targets.ts';
import { entryKey, PAGE, useTranslations, type Filter } from './useTranslations.ts';
import '../screens.css';
import './translations.css';

export function TranslationsPage({ screen, params }: { screen: ScreenInfo; params: RouteParams }) {
  const { t, i18n } = useLingui();
  const rights = useScreenRights(screen);
  const state = useTranslations(initialQuery(params));
  useBeforeUnload(state.dirty);
  useLeaveGuard(state.dirty, state.saveDrafts);
  const { query, list } = state;
  const last = list ? Math.min(query.skip + PAGE, list.total) : 0;
  const number = (n: number) => n.toLocaleString(i18n.locale);
  const [first, upTo, total] = [number(query.skip + 1), number(last), number(list?.total ?? 0)];

  return (
    <section className="app-page translations-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
      </header>
      <div className="translations-toolbar" role="search">
        <label>
          <span>{t`Vertalen naar`}</span>
          <select value={query.language} onChange={(e) => state.change({ language: e.target.value })}>
            {TARGETS.map((l) => (
              <option key={l} value={l}>
                {ENDONYMS[l as Locale]}
              </option>
            ))}
          </select>
        </label>
        <label className="translations-search">
          <span>{t`Zoeken`}</span>
          <input type="search" value={query.search} onChange={(e) => state.change({ search: e.target.value })} />
        </label>
        <label>
          <span>{t`Tonen`}</span>
          <select value={query.filter} onChange={(e) => state.change({ filter: e.target.value as Filter })}>
            <option value="all">{t`Alle teksten`}</option>
            <option value="missing">{t`Zonder vertaling`}</option>
            <option value="corrected">{t`Aangepast`}</option>
          </select>
        </label>
        <label>
          <span>{t`Bron`}</span>
          <select value={query.source} onChange={(e) => state.change({ source: e.target.value as TextSource | '' })}>
            <option value="">{t`Alle bronnen`}</option>
            <option value="definition">{t`Definities`}</option>
            <option value="runtime">{t`Applicatie`}</option>
          </select>
        </label>
      </div>
      {state.loadError && (
        <p role="alert" className="translations-error">
          {state.loadError}
        </p>
      )}
      <div className="translations-pager" aria-live="polite">
        {list &&
          (list.total ? <span>{t`${first}–${upTo} van ${total}`}</span> : <span>{t`Geen teksten gevonden.`}</span>)}
        <button
          type="button"
          className="app-button"
          disabled={!list || query.skip === 0}
          onClick={() => state.page(query.skip - PAGE)}
        >{t`Vorige`}</button>
        <button
          type="button"
          className="app-button"
          disabled={!list || last >= list.total}
          onClick={() => state.page(query.skip + PAGE)}
        >{t`Volgende`}</button>
      </div>
      <div className="translations-body" aria-busy={!list && !state.loadError ? true : undefined}>
        <table className="translations-table">
          <thead>
            <tr>
              <th scope="col">{t`Nederlands`}</th>
              <th scope="col">{t`Meegeleverd`}</th>
              <th scope="col">{ENDONYMS[query.language as Locale]}</th>
              <th scope="col">
                <span className="app-sr-only">{t`Acties`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list?.items.map((entry) => {
              const key = entryKey(entry);
              return (
                <TranslationRow
                  key={key}
                  entry={entry}
                  draft={state.drafts[key]}
                  error={state.errors[key]}
                  busy={state.busy === key}
                  saved={state.saved === key}
                  editable={rights.update}
                  onDraft={state.setDraft}
                  onSave={state.save}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
