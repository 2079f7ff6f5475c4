// The set-up every end-to-end file shares: the product on a real port, Chromium, and (unless told
// otherwise) one Dutch-speaking page, all closed after the file. A file calls useProduct() once at
// its top and reads `product`, `browser` and `page` from here: they are live bindings, set before
// the file's own beforeAll hooks run (those run in the order they are declared).
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openPage, signInAt, startProduct, type E2eServer } from './browser.ts';

export let product: E2eServer;
export let browser: Browser;
export let page: Page;

export interface ProductOptions {
  /** Open the shared page (default); a file that opens pages of its own per user says false. */
  page?: boolean;
  /** Sign the page in as the administrator before the file's own hooks run. */
  signIn?: boolean;
}

export function useProduct(options: ProductOptions = {}): void {
  beforeAll(async () => {
    product = await startProduct();
    browser = await launch();
    if (options.page === false) return;
    page = await openPage(browser);
    if (options.signIn) await signInAt(page, product.url);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.server.close();
  });
}
