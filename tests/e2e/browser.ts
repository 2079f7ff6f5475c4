// Chromium for end-to-end tests: Debian's /usr/bin/chromium, or CHROMIUM_PATH, driven by
// playwright-core. Test tools cannot download browsers here.
import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../integration/harness.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(import.meta.dirname, '..', '..', 'test-artifacts');
const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /**
   * The administrator's menu starts with the administration folded; a page opens as an administrator's
   * browser that unfolded it once (its menu keeps no group folded), unless told false.
   */
  unfolded?: boolean;
}

/** A Dutch-speaking user's page; a script error in the page fails the test. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: options.viewport ?? { width: 1400, height: 900 }, locale: 'nl-NL' });
  page.on('pageerror', (err) => {
    throw err;
  });
  if (options.unfolded !== false) {
    await page.addInitScript(() => {
      if (localStorage.getItem('menu:admin:folded') === null) localStorage.setItem('menu:admin:folded', '[]');
    });
  }
  return page;
}

export interface E2eServer {
  server: TestServer;
  url: string;
}

/** The product as a user gets it: base and demo packs, the built runtime, a real port. */
export async function startProduct(): Promise<E2eServer> {
  const server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, url };
}

/** Opens the product and signs in through its login page (as the administrator unless told). */
export async function signInAt(page: Page, url: string, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Makes a workflow transition from a record's toolbar: its Status menu, then the transition by label. */
export async function chooseTransition(toolbar: Locator, label: string): Promise<void> {
  await toolbar.getByRole('button', { name: 'Status', exact: true }).click();
  await toolbar.getByRole('menuitem', { name: label, exact: true }).click();
}
