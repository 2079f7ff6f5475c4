// Content-policy violations of a page, as the browser reports them: the page's
// `securitypolicyviolation` events and the console's "Refused to …" lines. A test asserts there
// are none, so a script that makes code from text (eval, new Function) or loads what the policy
// does not allow is caught where a user's browser would block it.
import type { Page } from 'playwright-core';

export interface PolicyViolation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    reportPolicyViolation?: (violation: PolicyViolation) => void;
  }
}

/** Starts listening on every document the page opens from now on; answers the violations seen so far. */
export async function watchPolicyViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (v: PolicyViolation) => {
    seen.push(
      `${v.directive} blocked ${v.blocked || '(inline)'} in ${v.source || page.url()}${v.sample ? `: ${v.sample}` : ''}`,
    );
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.reportPolicyViolation?.({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
        sample: e.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return () => [...seen];
}
