// Screens load on demand (code split chunks). A chunk that fails to load, or takes longer than the
// spec's script chunk timeout (spec 1 §8, §9: 120000 ms), does not leave a spinner turning
// forever: the page says so and offers to load the application again.
import { Trans } from '@lingui/react/macro';
import { Component, lazy, type ComponentType, type ReactNode } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk did not arrive: it failed, or the timeout passed first. */
export class ChunkLoadFailed extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ChunkLoadFailed';
  }
}

/** The chunk, or ChunkLoadFailed when it fails or is not there within the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadFailed(`no answer within ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadFailed(error));
      },
    );
  });
}

/** React.lazy over loadChunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export const lazyChunk = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) =>
  lazy(() => loadChunk(load));

interface BoundaryState {
  error: unknown;
}

/** Shows a reload option where a chunk below it failed; any other error goes on up. */
export class ChunkBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (error instanceof ChunkLoadFailed) console.error('A part of the application could not be loaded', error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof ChunkLoadFailed)) throw error;
    return (
      <section className="app-page" role="alert">
        <p>
          <Trans>Dit deel van de toepassing kon niet worden geladen.</Trans>
        </p>
        <button type="button" className="app-button" onClick={() => window.location.reload()}>
          <Trans>Opnieuw laden</Trans>
        </button>
      </section>
    );
  }
}
