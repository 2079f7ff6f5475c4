// Following a running import (spec 1 section 4): its progress stream, where each message says the
// row reached; on the message marked Finished the stream closes, the task is read again and the
// import is done. Without EventSource, or when the stream breaks, GetItem is asked every 2 s
// until the task is processed or cancelled. Pure of the browser: the stream, the call and the
// timers are handed in, so the flow is tested with fakes.
import type { ImportProgress, ImportTask } from '../../api/index.ts';
import { CallFailed } from '../../api/index.ts';
import { isActive, parseProgress } from './model.ts';

export const POLL_MS = 2000;

/** What the watcher needs of an EventSource. */
export interface ProgressStream {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface WatchDeps {
  /** Opens the task's progress stream; null where there is no EventSource. */
  openStream: (autoid: number) => ProgressStream | null;
  getItem: (autoid: number) => Promise<ImportTask>;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (text: string, detail?: unknown) => void;
}

export interface WatchListener {
  progress: (progress: ImportProgress) => void;
  /** The task as read again (each poll, and after the stream finished). */
  task: (task: ImportTask) => void;
  /** The import is over (processed or cancelled): the task as it ended. */
  finished: (task: ImportTask) => void;
}

const PATH = '/mvc/importprogresseventstream/message';

export const progressStreamUrl = (autoid: number) => `${PATH}?importtaskid=${encodeURIComponent(String(autoid))}`;

/** The browser's stream, where there is one. */
export function browserStream(autoid: number): ProgressStream | null {
  return typeof EventSource === 'undefined' ? null : new EventSource(progressStreamUrl(autoid));
}

/** Watches the task until it ends; the answer stops watching (the dialog closed). */
export function watchImport(autoid: number, deps: WatchDeps, listener: WatchListener): () => void {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const log = deps.log ?? ((text, detail) => console.warn(text, detail));
  let stopped = false;
  let stream: ProgressStream | null = null;
  let timer: unknown = null;

  const closeStream = () => {
    if (!stream) return;
    stream.onmessage = stream.onerror = null;
    stream.close();
    stream = null;
  };
  const stop = () => {
    stopped = true;
    closeStream();
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  /** Reads the task; answers whether it is over. A refusal (4xx) ends the watch: asking again would not help. */
  async function read(): Promise<boolean> {
    try {
      const task = await deps.getItem(autoid);
      if (stopped) return true;
      listener.task(task);
      if (isActive(task)) return false;
      stop();
      listener.finished(task);
      return true;
    } catch (error) {
      log(`Import task ${autoid} could not be read`, error);
      if (error instanceof CallFailed && error.status >= 400 && error.status < 500) {
        stop();
        return true;
      }
      return false;
    }
  }

  async function tick() {
    timer = null;
    if (stopped) return;
    if (!(await read()) && !stopped) poll();
  }

  function poll() {
    // Not awaited: read() answers false on a failure and never rejects.
    timer = setTimer(() => void tick(), POLL_MS);
  }

  const opened = deps.openStream(autoid);
  if (!opened) poll();
  else {
    stream = opened;
    opened.onmessage = (event) => {
      const progress = parseProgress(event.data);
      if (!progress) {
        log('Import progress could not be read', event.data);
        return;
      }
      listener.progress(progress);
      if (!progress.Finished) return;
      closeStream();
      void read().then((over) => {
        if (!over && !stopped) poll();
      });
    };
    opened.onerror = () => {
      // A browser would reconnect on its own; the task itself tells where it is just as well.
      closeStream();
      if (!stopped && timer === null) poll();
    };
  }
  return stop;
}
