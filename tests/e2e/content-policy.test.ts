// The runtime under its content policy: the page may run only its own files, and no code made
// from text ('unsafe-eval'). A user opens a form, is told in the browser what breaks a rule, is
// told by the server what is missing, and saves, and the browser reports no violation of the
// policy on the way.
import { beforeAll, expect, it } from 'vitest';
import { signInAt } from './browser.ts';
import { page, product, useProduct } from './fixture.ts';
import { watchPolicyViolations } from './policy-violations.ts';

let violations: () => string[];
/** The saves the page sent, with the status they were answered with. */
const saves: number[] = [];

useProduct();
beforeAll(async () => {
  violations = await watchPolicyViolations(page);
  page.on('response', (r) => {
    if (r.url().endsWith('/mvc/costcodes/save')) saves.push(r.status());
  });
});

const dialog = () => page.getByRole('dialog', { name: 'Toevoegen' });
const field = (label: string) =>
  dialog()
    .locator('.form-field')
    .filter({ has: page.getByLabel(label, { exact: true }) });

it('serves the page with a policy that runs only its own scripts and no code made from text', async () => {
  const answer = await page.goto(product.url);
  const policy = answer!.headers()['content-security-policy'];
  const scripts = policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src'));
  expect(scripts).toBe("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
});

it('opens a form, says in the browser what breaks a rule, shows what the server refuses, and saves', async () => {
  await signInAt(page, product.url);
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('button', { name: 'Kostenplaatsen', exact: true })
    .click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kostenplaatsen');
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
  await expect.poll(() => dialog().count()).toBe(1);

  // A code longer than its 20 characters is said in the browser as the server says it, before anything is sent.
  const code = dialog().getByLabel('Code', { exact: true });
  await code.fill('C'.repeat(21));
  await expect
    .poll(() => field('Code').locator('.form-field-error').textContent())
    .toBe('field must be less than or equal to 20 characters, you entered 21');
  expect(saves).toEqual([]);

  // The name is required: the server refuses the save and its message shows under the field.
  await code.fill('CSP1');
  await dialog().getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect
    .poll(() => field('Naam kostenplaats').locator('.form-field-error').textContent())
    .toBe('Het veld Naam kostenplaats is verplicht.');
  expect(saves).toEqual([400]);

  await dialog().getByLabel('Naam kostenplaats', { exact: true }).fill('Beleid');
  await dialog().getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect.poll(() => dialog().count()).toBe(0);
  expect(saves).toEqual([400, 200]);
  const stored = await product.server.engine.pool.query(`SELECT descr FROM costcodes WHERE id = 'CSP1'`);
  expect(stored.rows.map((r) => r.descr)).toEqual(['Beleid']);

  expect(violations()).toEqual([]);
});
