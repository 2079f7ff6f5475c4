// Who hears of live events on this page: grids (a table changed), open records (this one
// changed), forms and the route table (the definitions changed). Only news of others reaches them:
// the dispatcher drops the events of this page's own writes.
import { useEffect, useRef } from 'react';
import type { LiveMessage } from './events.ts';

export type LiveListener = (message: LiveMessage) => void;

const listeners = new Set<LiveListener>();

export function onLiveEvent(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publish(message: LiveMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (error) {
      console.error('A live-event listener failed', error);
    }
  }
}

/** Listens while mounted; the latest listener is called, so it may close over current state. */
export function useLiveEvents(listener: LiveListener): void {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => onLiveEvent((message) => current.current(message)), []);
}
