// docs/api.md is made from the call schemas: a call added or changed without writing it again fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALLS } from '../../definitions/language/index.ts';
import { API_DOCS_FILE, apiMarkdown } from '../../tools/api-docs.ts';

describe('docs/api.md', () => {
  it('is what tools/api-docs.ts makes of the call schemas now (run it after changing a call)', () => {
    expect(readFileSync(API_DOCS_FILE, 'utf8')).toBe(apiMarkdown());
  });

  it('has a row per call, with its parameters', () => {
    const text = apiMarkdown();
    expect(text.split('\n').filter((l) => l.startsWith('| `'))).toHaveLength(Object.keys(CALLS).length);
    expect(text).toContain(
      '| `POST /mvc/{control}/getflexgridlayouts` | {ControlName?, Filter?: {PageSize?, PageIndex?, FlexGridLayoutColumns?, DataFilter?}}',
    );
  });
});
