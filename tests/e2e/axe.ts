// axe-core in a test's page: its source is evaluated there (the product's Content-Security-Policy
// refuses an injected script tag, as it should), then run over the document.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
}

declare global {
  interface Window {
    /** axe-core, once its source is evaluated in the page. */
    axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
  }
}

/** The serious and critical axe violations of the page as it is (once its animations have ended), by id. */
export async function seriousViolations(p: Page): Promise<string[]> {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await p.evaluate(AXE);
  return p.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core is not loaded in the page');
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}
