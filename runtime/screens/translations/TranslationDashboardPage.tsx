// The translation dashboard (spec 3 admin task `translationdashboard`): per language how much is
// translated, what is missing, what the site corrected, and corrections of texts that are gone
// (a changed Dutch text shows as one of those and as missing). A language's missing texts open in
// the translations task; stale corrections can be removed here.
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { LanguageCounts, ScreenInfo } from '../../api/index.ts';
import { leaveTo, router } from '../../ui/navigation/index.ts';
import { ENDONYMS, type Locale } from '../../i18n/index.ts';
import { useScreenRights } from '../../state/index.ts';
import { StaleTexts } from './StaleTexts.tsx';
import { useTranslationDashboard } from './useTranslationDashboard.ts';
import '../screens.css';
import './translations.css';

export function TranslationDashboardPage({ screen }: { screen: ScreenInfo }) {
  const { t, i18n } = useLingui();
  const { routes } = useSnapshot(router);
  const editor = routes.find((r) => r.kind === 'translations');
  const rights = useScreenRights(editor ?? screen);
  const { dashboard, error, load } = useTranslationDashboard();
  const [open, setOpen] = useState<string | null>(null);
  const number = (n: number) => n.toLocaleString(i18n.locale);
  const texts = dashboard && number(dashboard.Texts);

  return (
    <section className="app-page translations-page">
      <header className="app-page-header">
        <h1 className="app-page-title">{screen.title}</h1>
        {texts && <p className="translations-summary">{t`${texts} teksten per taal`}</p>}
      </header>
      {error && (
        <p role="alert" className="translations-error">
          {error}
        </p>
      )}
      <div className="translations-body" aria-busy={!dashboard && !error ? true : undefined}>
        <table className="translations-table translations-dashboard">
          <thead>
            <tr>
              <th scope="col">{t`Taal`}</th>
              <th scope="col">{t`Vertaald`}</th>
              <th scope="col">{t`Zonder vertaling`}</th>
              <th scope="col">{t`Aangepast`}</th>
              <th scope="col">{t`Verouderd`}</th>
              <th scope="col">
                <span className="app-sr-only">{t`Acties`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {dashboard?.Languages.map((l) => (
              <LanguageRow
                key={l.Language}
                counts={l}
                texts={dashboard.Texts}
                open={open === l.Language}
                onMissing={editor ? () => void leaveTo(editor.name, { language: l.Language, filter: 'missing' }) : null}
                onStale={() => setOpen(open === l.Language ? null : l.Language)}
              />
            ))}
          </tbody>
        </table>
        {open && <StaleTexts language={open} removable={rights.update} onRemoved={load} />}
      </div>
    </section>
  );
}

interface RowProps {
  counts: LanguageCounts;
  texts: number;
  open: boolean;
  onMissing: (() => void) | null;
  onStale: () => void;
}

/** One language: a bar of how much is translated, the counts, and the ways to what is left. */
function LanguageRow({ counts: l, texts, open, onMissing, onStale }: RowProps) {
  const { t, i18n } = useLingui();
  const number = (n: number) => n.toLocaleString(i18n.locale);
  const language = ENDONYMS[l.Language as Locale] ?? l.Language;
  // Rounded down: 99.96% is not yet 100%.
  const percent = texts ? Math.floor((l.Translated / texts) * 1000) / 10 : 100;
  const share = percent.toLocaleString(i18n.locale);
  return (
    <tr>
      <th scope="row">{language}</th>
      <td>
        <div
          className="translations-progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t`${language}: ${share}% vertaald`}
        >
          <div style={{ width: `${percent}%` }} />
        </div>
        <span>
          {number(l.Translated)} ({share}%)
        </span>
      </td>
      <td>{number(l.Missing)}</td>
      <td>{number(l.Corrected)}</td>
      <td>{number(l.Stale)}</td>
      <td>
        <div className="translations-actions">
          {onMissing && l.Missing > 0 && (
            <button type="button" className="app-button" onClick={onMissing}>{t`Ontbrekende vertalen`}</button>
          )}
          {l.Stale > 0 && (
            <button
              type="button"
              className="app-button"
              aria-expanded={open}
              onClick={onStale}
            >{t`Verouderde tonen`}</button>
          )}
        </div>
      </td>
    </tr>
  );
}
