// Starts a Node child process and waits for the line that says it is ready; the bench runs
// servers in their own processes so the load tool does not share their event loop.
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningChild {
  process: ChildProcess;
  match: RegExpMatchArray;
  stop(): Promise<void>;
}

export function startChild(args: string[], ready: RegExp, timeoutMs = 30_000): Promise<RunningChild> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not become ready in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve({
          process: child,
          match,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}) before it was ready:\n${output}`));
    });
  });
}
