// Live events: the page's channel (stream or polling), what it tells, and the notices it drives.
export { onLiveEvent, publish, useLiveEvents } from './bus.ts';
export type { LiveListener } from './bus.ts';
export { createEventChannel, MAX_POLLS, POLL_INTERVAL_MS, RECONNECT_MS } from './channel.ts';
export type { ChannelDeps, ChannelMode, ChannelState, EventChannel, StreamLike } from './channel.ts';
export { createDispatcher, definitions } from './dispatch.ts';
export type { LiveHandlers } from './dispatch.ts';
export { EVENT_TYPES, jobProgress, parseMessage, recordChange, sameTable } from './events.ts';
export type { JobProgress, LiveMessage, RecordAction, RecordChange } from './events.ts';
export { startExport } from './exports.ts';
export { dismissJob, jobPercent, jobProgressed, jobs, trackExport } from './jobs.ts';
export type { JobNotice } from './jobs.ts';
export { JobNotices } from './JobNotices.tsx';
export { createOwnWrites, OWN_WRITE_MS } from './ownWrites.ts';
export type { OwnWrites } from './ownWrites.ts';
export { liveState, startLive, stopLive } from './start.ts';
export { isMultiplexed, streamPolicy } from './streamPolicy.ts';
export { useRecordChanged } from './useRecordChanged.ts';
export type { RecordNotice, Verified } from './useRecordChanged.ts';
