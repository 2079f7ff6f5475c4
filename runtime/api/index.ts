// The runtime's one API client, for the page's own origin.
import { createClient } from './client.ts';

export { CallFailed, createClient } from './client.ts';
export type { ApiErrorBody, FlexAnswer, FlexRequest, ListEntry, ScreenInfo } from './client.ts';
export const api = createClient('/');
