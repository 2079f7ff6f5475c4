// @vitest-environment jsdom
// A screen whose chunk fails, or does not come within 120 s, offers to load the application again.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { createElement, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkBoundary, ChunkLoadFailed, lazyChunk, loadChunk } from '../../runtime/app/chunks.tsx';

i18n.loadAndActivate({ locale: 'nl', messages: {} });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chunks loaded on demand', () => {
  it('fails after the spec’s 120000 ms when the chunk does not come', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const loading = loadChunk(() => new Promise(() => {}));
    const outcome = loading.then(
      () => 'loaded',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadFailed);
  });

  it('answers the chunk that comes in time, and turns a failed load into ChunkLoadFailed', async () => {
    await expect(loadChunk(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toBeInstanceOf(
      ChunkLoadFailed,
    );
  });

  it('shows a reload option instead of the spinner when a screen’s chunk fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyChunk<() => null>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      createElement(
        I18nProvider,
        { i18n },
        createElement(
          ChunkBoundary,
          null,
          createElement(Suspense, { fallback: createElement('div', { role: 'progressbar' }) }, createElement(Screen)),
        ),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('kon niet worden geladen');
    expect(screen.getByRole('button', { name: 'Opnieuw laden' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('lets any other error go on up', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('a bug');
    };
    expect(() => render(createElement(ChunkBoundary, null, createElement(Broken)))).toThrow('a bug');
  });
});
