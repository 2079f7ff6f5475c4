// Live events: one hub per process, fed by every process's committed events.
export { currentHorizon, EventHub, eventsSince, messageOf, type EventMessage } from './hub.ts';
export { visibleTo, type ModelOf, type StoredEvent } from './visibility.ts';
export { StreamPlaces } from './stream-places.ts';
