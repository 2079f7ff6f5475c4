// Where live events go: a record change of someone else reaches the listeners, one this page
// made itself does not (its own writes are expected once each, and lapse; events of a table wait
// while a write to it is under way, as they can overtake its answer); a definitions change
// moves the forms' version and tells the shell; the end of the session tells the shell; an
// export's progress becomes its notice.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, definitions } from '../../runtime/live/dispatch.ts';
import type { LiveMessage } from '../../runtime/live/events.ts';
import { jobPercent, jobs, trackExport } from '../../runtime/live/jobs.ts';
import { createOwnWrites, OWN_WRITE_MS } from '../../runtime/live/ownWrites.ts';

const changed = (Table: string, AutoID: number, Action = 'updated'): LiveMessage => ({
  EventType: 'RecordChanged',
  EventData: { Table, AutoID, Action },
  LastReceived: '1',
});
const progress = (data: Record<string, unknown>): LiveMessage => ({
  EventType: 'JobProgress',
  EventData: { JobKind: 'export', ...data },
  LastReceived: '2',
});

function setup(now = () => 0) {
  const own = createOwnWrites(now);
  const delivered: LiveMessage[] = [];
  const handlers = { sessionEnded: vi.fn(), definitionsChanged: vi.fn() };
  const dispatch = createDispatcher(own, handlers, (m) => delivered.push(m));
  return { own, delivered, handlers, dispatch };
}

beforeEach(() => {
  jobs.list.splice(0);
});
afterEach(() => {
  jobs.list.splice(0);
});

describe('record changes', () => {
  it('reach the listeners when someone else made them', () => {
    const { dispatch, delivered } = setup();
    dispatch(changed('relations', 7));
    expect(delivered).toEqual([changed('relations', 7)]);
  });

  it("of this page's own writes are taken once each, whatever the case of the table", () => {
    const { own, dispatch, delivered } = setup();
    own.begin('Relations');
    own.end('Relations', [7, 8]);
    dispatch(changed('relations', 7));
    dispatch(changed('relations', 8));
    expect(delivered).toEqual([]);
    // The next change of record 7 is news again: someone else made it.
    dispatch(changed('relations', 7));
    expect(delivered.map((m) => m.EventData.AutoID)).toEqual([7]);
    expect(own.size()).toBe(0);
  });

  it('an own write nobody told of lapses after two polling intervals and a bit', () => {
    let time = 0;
    const { own, dispatch, delivered } = setup(() => time);
    own.begin('relations');
    own.end('relations', [9]);
    time = OWN_WRITE_MS + 1;
    dispatch(changed('relations', 9));
    expect(delivered).toHaveLength(1);
    expect(OWN_WRITE_MS).toBe(70_000);
  });

  it("wait while this page's write to their table is under way: the event of a save may come before its answer", () => {
    const { own, dispatch, delivered } = setup();
    own.begin('relations');
    dispatch(changed('relations', 11, 'created'));
    dispatch(changed('persons', 3));
    // Another table is not held up.
    expect(delivered.map((m) => m.EventData.Table)).toEqual(['persons']);
    // The save answers: the new record's AutoID is 11, so its event was this page's own.
    own.end('relations', [11]);
    expect(delivered.map((m) => m.EventData.Table)).toEqual(['persons']);
  });

  it('are told once a write under way failed, or wrote other records', () => {
    const { own, dispatch, delivered } = setup();
    own.begin('relations');
    own.begin('relations');
    dispatch(changed('relations', 12));
    own.end('relations', []);
    // Still one write under way: the event waits for it.
    expect(delivered).toEqual([]);
    own.end('relations', [13]);
    expect(delivered.map((m) => m.EventData.AutoID)).toEqual([12]);
  });

  it('an event without a record is dropped', () => {
    const { dispatch, delivered } = setup();
    dispatch({ EventType: 'RecordChanged', EventData: { Table: 'relations' }, LastReceived: '1' });
    expect(delivered).toEqual([]);
  });
});

describe('definitions and sessions', () => {
  it('a definitions change moves the version, tells the shell and the listeners', () => {
    const { dispatch, delivered, handlers } = setup();
    const before = definitions.version;
    dispatch({ EventType: 'DefinitionsChanged', EventData: {}, LastReceived: '3' });
    expect(definitions.version).toBe(before + 1);
    expect(handlers.definitionsChanged).toHaveBeenCalledOnce();
    expect(delivered.map((m) => m.EventType)).toEqual(['DefinitionsChanged']);
  });

  it('the end of the session goes to the shell only', () => {
    const { dispatch, delivered, handlers } = setup();
    dispatch({ EventType: 'SessionEnded', EventData: {}, LastReceived: '4' });
    expect(handlers.sessionEnded).toHaveBeenCalledOnce();
    expect(delivered).toEqual([]);
  });

  it('an event type it does not know is left alone', () => {
    const { dispatch, delivered, handlers } = setup();
    dispatch({ EventType: 'SomethingNew', EventData: {}, LastReceived: '5' });
    expect(delivered).toEqual([]);
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
  });
});

describe('export progress', () => {
  it('shows an export this page asked for, then its progress, then that it is done', () => {
    const { dispatch } = setup();
    trackExport(12, 'Relaties (2026-11-26)');
    expect(jobs.list).toEqual([
      { id: 12, kind: 'export', label: 'Relaties (2026-11-26)', current: 0, total: 0, finished: false, failed: false },
    ]);
    dispatch(progress({ RequestID: 12, CurrentRow: 250, TotalRows: 1000, Finished: false }));
    expect(jobPercent(jobs.list[0])).toBe(25);
    dispatch(progress({ RequestID: 12, CurrentRow: 1000, TotalRows: 1000, Finished: true }));
    expect(jobs.list[0]).toMatchObject({ finished: true, failed: false });
    expect(jobPercent(jobs.list[0])).toBe(100);
  });

  it('progress may come before the answer of RequestExport; the label follows', () => {
    const { dispatch } = setup();
    dispatch(progress({ RequestID: 13, CurrentRow: 10, TotalRows: 10, Finished: true }));
    trackExport(13, 'Personen');
    expect(jobs.list).toEqual([
      { id: 13, kind: 'export', label: 'Personen', current: 10, total: 10, finished: true, failed: false },
    ]);
  });

  it('a failed export is finished and failed', () => {
    const { dispatch } = setup();
    dispatch(progress({ RequestID: 14, Finished: true, Failed: true }));
    expect(jobs.list[0]).toMatchObject({ id: 14, finished: true, failed: true });
  });

  it('a printed selection is followed as an export is, under its own kind', () => {
    const { dispatch } = setup();
    trackExport(15, 'Factuur (3)', 'reports');
    dispatch(progress({ JobKind: 'reports', RequestID: 15, CurrentRow: 3, TotalRows: 3, Finished: true }));
    expect(jobs.list.find((j) => j.id === 15)).toMatchObject({ kind: 'reports', finished: true, current: 3 });
  });

  it('progress of a job the user downloads nothing from is left alone', () => {
    const { dispatch } = setup();
    dispatch(progress({ JobKind: 'automation', RequestID: 16, CurrentRow: 1, TotalRows: 1, Finished: true }));
    expect(jobs.list.find((j) => j.id === 16)).toBeUndefined();
  });

  it('keeps the newest five notices', () => {
    for (let id = 1; id <= 7; id++) trackExport(id, `Export ${id}`);
    expect(jobs.list.map((j) => j.id)).toEqual([3, 4, 5, 6, 7]);
  });
});
