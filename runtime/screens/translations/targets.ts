// The languages a text is translated into (every runtime language but Dutch, the source), and
// the task's first query: the route's parameters (the dashboard links with a language and a
// filter), else the user's own language, else English.
import { i18n } from '@lingui/core';
import type { RouteParams } from '../../ui/navigation/index.ts';
import { LOCALES } from '../../i18n/index.ts';
import type { Filter, Query } from './useTranslations.ts';

export const TARGETS: readonly string[] = LOCALES.filter((l) => l !== 'nl').sort();
const FILTERS: readonly Filter[] = ['all', 'missing', 'corrected'];

export function initialQuery(params: RouteParams): Query {
  const language = [params.language, i18n.locale].find((l) => l && TARGETS.includes(l)) ?? 'en';
  const filter = FILTERS.find((f) => f === params.filter) ?? 'all';
  return { language, search: '', filter, source: '', skip: 0 };
}
