// Where each live event goes: a record change of someone else to the listeners, a definitions
// change to the shell and the listeners (after the version moves, so forms read again), the end
// of the session to the shell, an export's progress to its notice.
import { proxy } from 'valtio';
import { publish } from './bus.ts';
import { EVENT_TYPES, jobProgress, recordChange, type LiveMessage } from './events.ts';
import { jobProgressed } from './jobs.ts';
import type { OwnWrites } from './ownWrites.ts';

export interface LiveHandlers {
  /** The server ended this user's sessions (maybe this one): the shell signs the page out. */
  sessionEnded: () => void;
  /** Screens and forms changed: the shell reloads the route table. */
  definitionsChanged: () => void;
}

/** Forms read their definition again when this moves. */
export const definitions = proxy({ version: 0 });

export function createDispatcher(
  own: OwnWrites,
  handlers: LiveHandlers,
  deliver: (message: LiveMessage) => void = publish,
) {
  /** Events of tables with a write of this page under way, by table: looked at when it answered. */
  const held = new Map<string, LiveMessage[]>();
  const judge = (message: LiveMessage) => {
    const change = recordChange(message);
    if (change && !own.take(change.table, change.autoid)) deliver(message);
  };
  own.onIdle((table) => {
    const waiting = held.get(table) ?? [];
    held.delete(table);
    waiting.forEach(judge);
  });
  return (message: LiveMessage): void => {
    switch (message.EventType) {
      case EVENT_TYPES.RecordChanged: {
        const change = recordChange(message);
        if (!change) return;
        const table = change.table.toLowerCase();
        if (own.busy(table)) held.set(table, [...(held.get(table) ?? []), message]);
        else judge(message);
        return;
      }
      case EVENT_TYPES.DefinitionsChanged:
        definitions.version++;
        handlers.definitionsChanged();
        deliver(message);
        return;
      case EVENT_TYPES.SessionEnded:
        handlers.sessionEnded();
        return;
      case EVENT_TYPES.JobProgress: {
        const progress = jobProgress(message);
        if (progress) jobProgressed(progress);
        return;
      }
      default:
        // A type this runtime does not know yet: nothing to do.
        return;
    }
  };
}
