// The translation dashboard (spec 3 admin task `translationdashboard`): per language how much is
// translated, what is missing, what the site corrected, and corrections of texts that are gone
// (a changed Dutch text shows as one of those and as missing). A language's missing texts open in
// the translations task; stale corrections can be removed here.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api, CallFailed, type LanguageCounts, type ScreenInfo, type TranslationDashboard } from '../../api/index.ts';
import { navigate, router } from '../../app/router.ts';
import { ENDONYMS, type Locale } from '../../i18n/index.ts';
import { useScreenRights } from '../../state/index.ts';
import { retrievingFailed } from '../failures.ts';
import { StaleTexts } from './StaleTexts.tsx';
import '../screens.css';
import './translations.css';

export function TranslationDashboardPage({ screen }: { screen: ScreenInfo }) {
  const { t, i18n } = useLingui();
  const { routes } = useSnapshot(router);
  const editor = routes.find((r) => r.kind === 'translations');
  const rights = useScreenRights(editor ?? screen);
  const [dashboard, setDashboard] = useState<TranslationDashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const load = useCallback(() => {
    api.translationDashboard().then((answer) => { setDashboard(answer); setError(null); },
      (failure: unknown) => setError(failure instanceof CallFailed && failure.body?.Error ? failure.body.Error : retrievingFailed()));
  }, []);
  useEffect(load, [load]);
  const number = (n: number) => n.toLocaleString(i18n.locale);
  const texts = dashboard && number(dashboard.Texts);
  const percent = (l: LanguageCounts) => (dashboard?.Texts ? Math.floor((l.Translated / dashboard.Texts) * 1000) / 10 : 100);

  return (
    <section className="app-page translations-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        {texts && <p className="translations-summary">{t`${texts} teksten per taal`}</p>}
      </header>
      {error && <p role="alert" className="translations-error">{error}</p>}
      <div className="translations-body" aria-busy={!dashboard && !error ? true : undefined}>
        <table className="translations-table translations-dashboard">
          <thead>
            <tr>
              <th scope="col">{t`Taal`}</th>
              <th scope="col">{t`Vertaald`}</th>
              <th scope="col">{t`Zonder vertaling`}</th>
              <th scope="col">{t`Aangepast`}</th>
              <th scope="col">{t`Verouderd`}</th>
              <th scope="col"><span className="app-sr-only">{t`Acties`}</span></th>
            </tr>
          </thead>
          <tbody>
            {dashboard?.Languages.map((l) => {
              const language = ENDONYMS[l.Language as Locale] ?? l.Language;
              const share = percent(l).toLocaleString(i18n.locale);
              return (
              <tr key={l.Language}>
                <th scope="row">{language}</th>
                <td>
                  <div className="translations-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent(l)}
                    aria-label={t`${language}: ${share}% vertaald`}>
                    <div style={{ width: `${percent(l)}%` }} />
                  </div>
                  <span>{number(l.Translated)} ({share}%)</span>
                </td>
                <td>{number(l.Missing)}</td>
                <td>{number(l.Corrected)}</td>
                <td>{number(l.Stale)}</td>
                <td className="translations-actions">
                  {editor && l.Missing > 0 && (
                    <button type="button" className="app-button" onClick={() => navigate(editor.name, { language: l.Language, filter: 'missing' })}>
                      {t`Ontbrekende vertalen`}
                    </button>
                  )}
                  {l.Stale > 0 && (
                    <button type="button" className="app-button" aria-expanded={open === l.Language} onClick={() => setOpen(open === l.Language ? null : l.Language)}>
                      {t`Verouderde tonen`}
                    </button>
                  )}
                </td>
              </tr>
              );
            })}
          </tbody>
        </table>
        {open && <StaleTexts language={open} removable={rights.update} onRemoved={load} />}
      </div>
    </section>
  );
}
