// Following an import: progress from its stream; on Finished the stream closes, the task is read
// again and the import is over. Without EventSource, or when the stream breaks, GetItem is asked
// every 2 s until the task is processed or cancelled.
import { describe, expect, it, vi } from 'vitest';
import { CallFailed, type ImportTask } from '../../runtime/api/index.ts';
import {
  DEFAULT_NOTATIONS,
  POLL_MS,
  progressStreamUrl,
  watchImport,
  type ProgressStream,
} from '../../runtime/screens/import/index.ts';

const task = (ProcessState: number, extra: Partial<ImportTask> = {}): ImportTask => ({
  AutoID: 7,
  Destination: 'relations',
  ProcessState,
  ProcessState_Enum: '',
  ProcessResult: ProcessState === 2 ? 1 : 0,
  ProcessResult_Enum: '',
  ErrorMessage: null,
  TotalRecords: 3,
  ProcessedRecords: 0,
  FailedRecords: 0,
  SkippedRecords: 0,
  CurrentRow: 0,
  ProcessDate: null,
  ProcessDuration: null,
  Filename: 'relaties.xlsx',
  OutputFilename: null,
  Overwrite: false,
  DryRun: false,
  ...DEFAULT_NOTATIONS,
  ...extra,
});

class FakeStream implements ProgressStream {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  close() {
    this.closed = true;
  }
  send(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
}

function timers() {
  const pending: { run: () => void; ms: number }[] = [];
  return {
    pending,
    setTimer: (run: () => void, ms: number) => {
      const t = { run, ms };
      pending.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      const at = pending.indexOf(t as (typeof pending)[number]);
      if (at >= 0) pending.splice(at, 1);
    },
    async tick() {
      const t = pending.shift();
      t?.run();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const listener = () => ({ progress: vi.fn(), task: vi.fn(), finished: vi.fn() });

describe('watching an import', () => {
  it("streams from the task's progress address", () => {
    expect(progressStreamUrl(7)).toBe('/mvc/importprogresseventstream/message?importtaskid=7');
  });

  it('passes progress on, and on Finished closes the stream, reads the task and ends', async () => {
    const stream = new FakeStream();
    const getItem = vi.fn(async () => task(2, { ProcessedRecords: 3 }));
    const heard = listener();
    watchImport(7, { openStream: () => stream, getItem, ...timers(), log: () => {} }, heard);
    stream.send({ CurrentRow: 1, TotalRows: 3, Finished: false });
    expect(heard.progress).toHaveBeenLastCalledWith({ CurrentRow: 1, TotalRows: 3, Finished: false });
    expect(getItem).not.toHaveBeenCalled();
    stream.send({ CurrentRow: 3, TotalRows: 3, Finished: true });
    expect(stream.closed).toBe(true);
    await vi.waitFor(() => expect(heard.finished).toHaveBeenCalledOnce());
    expect(getItem).toHaveBeenCalledWith(7);
    expect(heard.finished.mock.calls[0][0].ProcessState).toBe(2);
  });

  it('ignores a message that is no progress', () => {
    const stream = new FakeStream();
    const heard = listener();
    const log = vi.fn();
    watchImport(7, { openStream: () => stream, getItem: vi.fn(), log }, heard);
    stream.onmessage?.({ data: 'kapot' } as MessageEvent);
    expect(heard.progress).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('polls GetItem every 2 s without EventSource, until the task is processed', async () => {
    const clock = timers();
    const answers = [task(1, { CurrentRow: 1 }), task(1, { CurrentRow: 2 }), task(2)];
    const getItem = vi.fn(async () => answers.shift()!);
    const heard = listener();
    watchImport(7, { openStream: () => null, getItem, ...clock, log: () => {} }, heard);
    expect(clock.pending.map((t) => t.ms)).toEqual([POLL_MS]);
    expect(POLL_MS).toBe(2000);
    await clock.tick();
    await clock.tick();
    expect(heard.task).toHaveBeenCalledTimes(2);
    expect(heard.finished).not.toHaveBeenCalled();
    await clock.tick();
    expect(heard.finished).toHaveBeenCalledOnce();
    expect(clock.pending).toEqual([]);
  });

  it('falls back to polling when the stream breaks', async () => {
    const clock = timers();
    const stream = new FakeStream();
    const getItem = vi.fn(async () => task(3));
    const heard = listener();
    watchImport(7, { openStream: () => stream, getItem, ...clock, log: () => {} }, heard);
    stream.onerror?.(new Event('error'));
    expect(stream.closed).toBe(true);
    expect(clock.pending).toHaveLength(1);
    await clock.tick();
    expect(heard.finished).toHaveBeenCalledWith(expect.objectContaining({ ProcessState: 3 }));
  });

  it('stops when asked (the dialog closed) and when the task may not be read', async () => {
    const clock = timers();
    const stream = new FakeStream();
    const heard = listener();
    const stop = watchImport(7, { openStream: () => stream, getItem: vi.fn(), ...clock, log: () => {} }, heard);
    stop();
    expect(stream.closed).toBe(true);
    expect(stream.onmessage).toBeNull();

    const refused = vi.fn(async () => {
      throw new CallFailed(404, {
        Error: 'Het opgevraagde item bestaat niet',
        ModelState: {},
        TranslationModelState: { ModelState: {} },
      });
    });
    watchImport(8, { openStream: () => null, getItem: refused, ...clock, log: () => {} }, heard);
    await clock.tick();
    expect(refused).toHaveBeenCalledOnce();
    expect(clock.pending).toEqual([]);
  });
});
