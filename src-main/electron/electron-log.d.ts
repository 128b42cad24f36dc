// The part of electron-log 5's `electron-log/main` typings that src-main/index.ts uses (see
// electron/log-file.ts), declared here so main typechecks where the package is not installed yet.
// TypeScript prefers this declaration over the package's own: it must stay a subset of them
// (electron-log's src/index.d.ts, MainLogger).
declare module 'electron-log/main' {
  type Level = 'error' | 'warn' | 'info' | 'verbose' | 'debug' | 'silly' | false;
  interface MainLogger {
    transports: {
      file: {
        level: Level;
        maxSize: number;
        writeOptions?: { flag?: string; mode?: number; encoding?: string };
        getFile(): { readonly path: string };
      };
      console: { level: Level };
    };
    info(...params: unknown[]): void;
    warn(...params: unknown[]): void;
    error(...params: unknown[]): void;
  }
  const log: MainLogger;
  export default log;
}
