// The shell's public entry.
export { App } from './App.tsx';
