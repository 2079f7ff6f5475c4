// One language's stale corrections: read when the language is chosen, and removed one by one (the
// correction saved as none). A failure to read or remove is told above the list.
import { useEffect, useState } from 'react';
import { api, errorText, type LanguageCounts } from '../../api/index.ts';
import { retrievingFailed, savingFailed } from '../failures.ts';

export type StaleText = NonNullable<LanguageCounts['StaleTexts']>[number];

export function useStaleTexts(language: string, onRemoved: () => void) {
  const [texts, setTexts] = useState<StaleText[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setTexts(null);
    api.translationDashboard(language).then(
      (answer) => {
        if (live) setTexts(answer.Languages[0]?.StaleTexts ?? []);
      },
      () => {
        if (live) setError(retrievingFailed());
      },
    );
    return () => {
      live = false;
    };
  }, [language]);

  const remove = async (text: StaleText) => {
    try {
      await api.saveTranslation({ Language: language, Text: text.Text, Source: text.Source, Translation: null });
      setTexts((all) => all?.filter((x) => x !== text) ?? null);
      onRemoved();
    } catch (failure) {
      setError(errorText(failure, savingFailed()));
    }
  };
  return { texts, error, remove };
}
