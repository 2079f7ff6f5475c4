// The translations task's state: one language's texts as the server lists them (searched,
// filtered, a page at a time), the drafts typed over them, and saving a draft or removing a
// correction. A save answers the text as it now reads; the list is not read again, so the row
// keeps its place while the administrator works down the page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, CallFailed, errorText, type TextSource, type TranslationEntry } from '../../api/index.ts';
import { retrievingFailed as retrieving, savingFailed as saving } from '../failures.ts';

export type Filter = 'all' | 'missing' | 'corrected';
export interface Query {
  language: string;
  search: string;
  filter: Filter;
  source: TextSource | '';
  skip: number;
}
export const PAGE = 50;

/** A copy of a record of rows without one key. */
const without = <T>(all: Record<string, T>, key: string): Record<string, T> => {
  const rest = { ...all };
  delete rest[key];
  return rest;
};

export const entryKey = (e: Pick<TranslationEntry, 'Source' | 'Text'>) => `${e.Source}:${e.Text}`;
/** What a row shows in its box: the correction, else what ships. */
export const shown = (e: TranslationEntry) => e.Corrected ?? e.Shipped ?? '';

function failureOf(error: unknown): string {
  const body = error instanceof CallFailed ? error.body : null;
  return body?.ModelState?.Translation?.[0] ?? body?.Error ?? saving();
}

export function useTranslations(initial: Query) {
  const [query, setQuery] = useState<Query>(initial);
  const [list, setList] = useState<{ total: number; items: TranslationEntry[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const asked = useRef(0);

  useEffect(() => {
    const ask = ++asked.current;
    // A search waits until typing pauses; other changes ask at once.
    const timer = setTimeout(
      () => {
        api
          .translations({
            Language: query.language,
            Search: query.search || undefined,
            Filter: query.filter,
            Source: query.source || undefined,
            Skip: query.skip,
            Take: PAGE,
          })
          .then(
            (answer) => {
              if (ask !== asked.current) return;
              setList({ total: answer.Total, items: answer.Items });
              setLoadError(null);
            },
            (error: unknown) => {
              if (ask !== asked.current) return;
              setLoadError(errorText(error, retrieving()));
            },
          );
      },
      query.search ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [query]);

  /** A new query starts at the first page and forgets the drafts of the old one. */
  const change = useCallback((patch: Partial<Omit<Query, 'skip'>>) => {
    setQuery((q) => ({ ...q, ...patch, skip: 0 }));
    if (patch.language) {
      setDrafts({});
      setErrors({});
    }
  }, []);
  const page = useCallback((skip: number) => setQuery((q) => ({ ...q, skip: Math.max(0, skip) })), []);

  const setDraft = useCallback((entry: TranslationEntry, value: string) => {
    const key = entryKey(entry);
    setDrafts((d) => (value === shown(entry) ? without(d, key) : { ...d, [key]: value }));
    setErrors((e) => without(e, key));
  }, []);

  /** Saves a row's draft, or with null removes its correction (the shipped text returns). */
  const save = useCallback(
    async (entry: TranslationEntry, translation: string | null): Promise<boolean> => {
      const key = entryKey(entry);
      setBusy(key);
      setSaved(null);
      try {
        const answer = await api.saveTranslation({
          Language: query.language,
          Text: entry.Text,
          Source: entry.Source,
          Translation: translation,
        });
        const corrected = translation?.trim() ? answer.Translation : null;
        setList(
          (l) => l && { ...l, items: l.items.map((e) => (entryKey(e) === key ? { ...e, Corrected: corrected } : e)) },
        );
        setDrafts((d) => without(d, key));
        setSaved(key);
        return true;
      } catch (error) {
        setErrors((e) => ({ ...e, [key]: failureOf(error) }));
        return false;
      } finally {
        setBusy(null);
      }
    },
    [query.language],
  );

  /** Saves every draft on the page (leaving it asked to); true when all were saved. */
  const saveDrafts = useCallback(async () => {
    let all = true;
    for (const entry of list?.items ?? []) {
      const draft = drafts[entryKey(entry)];
      if (draft !== undefined) all = (await save(entry, draft)) && all;
    }
    return all;
  }, [list, drafts, save]);

  return {
    query,
    change,
    page,
    list,
    loadError,
    drafts,
    errors,
    busy,
    saved,
    setDraft,
    save,
    saveDrafts,
    dirty: Object.keys(drafts).length > 0,
  };
}
