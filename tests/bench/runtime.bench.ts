// Runtime benchmark in Chromium: how long a system table takes from the menu click to its first
// rendered grid rows, and the frame times of scrolling a grid with 10,000 loaded rows. Figures
// only; goals (first rows under 300 ms, no scroll frame over 50 ms) are printed beside them.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { configFromEnv } from '../../server/config.ts';
import { startEngine } from '../../server/engine.ts';
import { launch } from '../e2e/browser.ts';
import { freePort } from '../free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ROWS = 10_500;
const NAVIGATIONS = 15;

// In-page scripts are plain text: the TypeScript loader would wrap functions with helpers
// that do not exist in the page.
const FIRST_ROWS_SCRIPT = `new Promise((resolve) => {
  const button = [...document.querySelectorAll('nav button')].find((b) => b.textContent === 'Kostenplaatsen');
  const observer = new MutationObserver(() => {
    if (document.querySelector('h1')?.textContent === 'Kostenplaatsen' && document.querySelector('[role="row"][data-autoid]')) {
      observer.disconnect();
      resolve(performance.now() - start);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const start = performance.now();
  button.click();
})`;

const scrollScript = (pixels: number) => `new Promise((resolve) => {
  const grid = document.querySelector('[role="grid"]');
  const scroller = [grid, ...grid.querySelectorAll('*')].find((e) => e.scrollHeight > e.clientHeight + 100);
  const deltas = [];
  let last = performance.now();
  const end = last + 4000;
  function step(now) {
    deltas.push(now - last);
    last = now;
    scroller.scrollTop += ${pixels};
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight) scroller.scrollTop = 0;
    if (now < end) requestAnimationFrame(step); else resolve(deltas.slice(1));
  }
  requestAnimationFrame(step);
})`;

const IDLE_SCRIPT = `new Promise((resolve) => {
  const deltas = [];
  let last = performance.now();
  const end = last + 2000;
  function step(now) { deltas.push(now - last); last = now; if (now < end) requestAnimationFrame(step); else resolve(deltas.slice(1)); }
  requestAnimationFrame(step);
})`;

/** A fast flick: 300 px a frame is 18,000 px (about 600 rows) a second at 60 frames a second. */
const SCROLL_PIXELS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function main(): Promise<void> {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools', 'build-runtime.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'runtime-bench-'));
  chmodSync(dataDir, 0o755);
  const engine = await startEngine({
    ...configFromEnv(),
    dataDir,
    packs: ['base', 'demo'],
    embeddedPgPort: await freePort(),
    adminPassword: 'Bench-admin-1',
  });
  const app = await buildApp(engine);
  const browser = await launch();
  try {
    await engine.pool.query(`INSERT INTO costcodes (id, descr, budget, validfrom)
      SELECT 'KP-' || lpad(n::text, 6, '0'), 'Kostenplaats ' || n, n % 5000, date '2026-01-01' + (n % 365)
        FROM generate_series(1, ${ROWS}) n`);
    await engine.pool.query('ANALYZE costcodes');
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'nl-NL' });
    await page.goto(`${url}/?route=countries`);
    await page.getByLabel('Gebruikersnaam').fill('admin');
    await page.getByLabel('Wachtwoord').fill('Bench-admin-1');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Landen', exact: true }).waitFor();

    // Time from the click to the first grid row in the DOM, measured inside the page.
    const firstRows: number[] = [];
    for (let i = 0; i < NAVIGATIONS; i++) {
      await menu.getByRole('button', { name: i % 2 ? 'Landen' : 'Kostenplaatsen', exact: true }).click();
      await page.locator('[role="row"][data-autoid]').first().waitFor();
      if (i % 2) continue;
      await menu.getByRole('button', { name: 'Landen', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Landen' }).waitFor();
      const ms = await page.evaluate<number>(FIRST_ROWS_SCRIPT);
      firstRows.push(ms);
    }

    // Load 10,000 rows through the grid's own load-more, as a user scrolling down would.
    await menu.getByRole('button', { name: 'Kostenplaatsen', exact: true }).click();
    const more = page.getByRole('button', { name: 'Meer laden' });
    const loadStart = performance.now();
    let loaded = 35;
    while (loaded < 10_000) {
      await more.click();
      loaded += 35;
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    }
    const loadSeconds = (performance.now() - loadStart) / 1000;

    const frames = await page.evaluate<number[]>(scrollScript(SCROLL_PIXELS));
    // The floor: frames of the same page with nothing to do, measured in the same run.
    const idle = await page.evaluate<number[]>(IDLE_SCRIPT);

    console.log('\nRuntime in Chromium (base + demo packs, costcodes with 10,500 rows)');
    console.log(
      `first grid rows after a menu click: median ${median(firstRows).toFixed(0)} ms, max ${Math.max(...firstRows).toFixed(0)} ms over ${firstRows.length} navigations (goal: under 300 ms)`,
    );
    console.log(
      `load-more to ${loaded} rows: ${loadSeconds.toFixed(1)} s (${((loadSeconds * 1000) / (loaded / 35 - 1)).toFixed(0)} ms a page)`,
    );
    const describe = (f: number[]) =>
      `${f.length} frames, p50 ${median(f).toFixed(1)} ms, p95 ${percentile(f, 0.95).toFixed(1)} ms, max ${Math.max(...f).toFixed(1)} ms`;
    console.log(
      `scrolling ${SCROLL_PIXELS} px a frame for 4 s over ${loaded} rows: ${describe(frames)} (goal: no frame over 50 ms)`,
    );
    console.log(
      `floor, the same page idle: ${describe(idle)}; p50 ratio ${(median(frames) / median(idle)).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
