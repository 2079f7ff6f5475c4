// The part of async-exit-hook (no types of its own) that server/db/exit-hooks.ts uses.
declare module 'async-exit-hook' {
  const exitHook: { unhookEvent(event: string): void; hookedEvents(): string[] };
  export default exitHook;
}
