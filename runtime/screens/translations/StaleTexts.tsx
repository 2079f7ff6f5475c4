// The site's corrections of texts that no pack or catalog holds any more, for one language,
// each with Verwijderen (the correction goes; nothing else changes).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { api, errorText, type LanguageCounts } from '../../api/index.ts';
import { ENDONYMS, type Locale } from '../../i18n/index.ts';
import { retrievingFailed, savingFailed } from '../failures.ts';

type Stale = NonNullable<LanguageCounts['StaleTexts']>;

export function StaleTexts({ language, removable, onRemoved }: { language: string; removable: boolean; onRemoved: () => void }) {
  const { t } = useLingui();
  const [texts, setTexts] = useState<Stale | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setTexts(null);
    api.translationDashboard(language).then((answer) => { if (live) setTexts(answer.Languages[0]?.StaleTexts ?? []); },
      () => { if (live) setError(retrievingFailed()); });
    return () => { live = false; };
  }, [language]);
  const remove = async (text: Stale[number]) => {
    try {
      await api.saveTranslation({ Language: language, Text: text.Text, Source: text.Source, Translation: null });
      setTexts((all) => all?.filter((x) => x !== text) ?? null);
      onRemoved();
    } catch (failure) {
      setError(errorText(failure, savingFailed()));
    }
  };
  const name = ENDONYMS[language as Locale] ?? language;
  const title = t`Verouderde vertalingen: ${name}`;
  return (
    <section className="translations-stale" aria-label={title}>
      <h2>{title}</h2>
      <p className="translations-hint">{t`Deze vertalingen horen bij teksten die niet meer bestaan, bijvoorbeeld omdat de Nederlandse tekst is gewijzigd.`}</p>
      {error && <p role="alert" className="translations-error">{error}</p>}
      <ul>
        {texts?.map((text) => (
          <li key={`${text.Source}:${text.Text}`}>
            <span lang="nl">{text.Text}</span>
            {removable && <button type="button" className="app-button" onClick={() => void remove(text)}>{t`Verwijderen`}</button>}
          </li>
        ))}
      </ul>
    </section>
  );
}
