// The site's corrections of texts that no pack or catalog holds any more, for one language,
// each with Verwijderen (the correction goes; nothing else changes).
import { useLingui } from '@lingui/react/macro';
import { ENDONYMS, type Locale } from '../../i18n/index.ts';
import { useStaleTexts } from './useStaleTexts.ts';

export function StaleTexts({
  language,
  removable,
  onRemoved,
}: {
  language: string;
  removable: boolean;
  onRemoved: () => void;
}) {
  const { t } = useLingui();
  const { texts, error, remove } = useStaleTexts(language, onRemoved);
  const name = ENDONYMS[language as Locale] ?? language;
  const title = t`Verouderde vertalingen: ${name}`;
  return (
    <section className="translations-stale" aria-label={title}>
      <h2>{title}</h2>
      <p className="translations-hint">{t`Deze vertalingen horen bij teksten die niet meer bestaan, bijvoorbeeld omdat de Nederlandse tekst is gewijzigd.`}</p>
      {error && (
        <p role="alert" className="translations-error">
          {error}
        </p>
      )}
      <ul>
        {texts?.map((text) => (
          <li key={`${text.Source}:${text.Text}`}>
            <span lang="nl">{text.Text}</span>
            {removable && (
              <button type="button" className="app-button" onClick={() => void remove(text)}>{t`Verwijderen`}</button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
