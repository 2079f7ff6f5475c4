// Dutch is the source language and the fallback; catalogs live in locales/<lang>/messages.po.
import type { LinguiConfig } from '@lingui/conf';

const config: LinguiConfig = {
  sourceLocale: 'nl',
  locales: ['nl', 'en', 'da', 'de', 'es', 'fr', 'pl', 'tr', 'zh'],
  fallbackLocales: { default: 'nl' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['runtime'], exclude: ['**/dist/**'] }],
  format: 'po',
};
export default config;
