// A Chromium page driven over a bare DevTools connection, for timing the app: only the Page and
// Runtime calls the bench makes cross it. Playwright enables the Network domain on every page it
// drives, so each WebSocket frame the app receives (the contract's ~850 KB listing pages) is copied
// into a DevTools event, sent to Node and parsed there — work no Electron window does, and CPU the
// figure would charge to the app (about 1 CPU s of a 100,000-link pull, measured 2026-11-27).
import { spawn, type ChildProcess } from 'node:child_process';
import { CHROMIUM_PATH, CHROMIUM_ARGS } from '../../test/support/browser.ts';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface CdpPage {
  /** The browser's process id (its children are the renderer, GPU and utility processes). */
  readonly pid: number;
  /** Runs `fn(arg)` in every document before its own scripts, from the next navigation on. */
  addInitScript<A>(fn: (arg: A) => void, arg: A): Promise<void>;
  goto(url: string): Promise<void>;
  /** `fn(arg)` in the page, awaited there; its result as JSON. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Any DevTools call on the page (a profile, say). */
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

/** Chromium with an on-disk profile in `userDataDir` (as Electron keeps its IndexedDB), one page. */
export async function launchCdpPage(userDataDir: string, viewport = { width: 1360, height: 860 }): Promise<CdpPage> {
  const child = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', `--window-size=${viewport.width},${viewport.height}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    const browserUrl = await devtoolsUrl(child);
    const { host } = new URL(browserUrl);
    const targets = (await (await fetch(`http://${host}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
    const target = targets.find((t) => t.type === 'page');
    if (!target) throw new Error('Chromium opened no page');
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('no DevTools connection to the page'));
    });
    const pending = new Map<number, Pending>();
    let nextId = 1;
    socket.onmessage = (event: MessageEvent) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      if (message.id === undefined) return;
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
    };
    socket.onclose = () => {
      for (const waiting of pending.values()) waiting.reject(new Error('the DevTools connection closed'));
      pending.clear();
    };
    const send = (method: string, params: Record<string, unknown> = {}): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      });
    const call = <A>(fn: (arg: A) => unknown, arg: A) => `(${fn.toString()})(${JSON.stringify(arg)})`;
    await send('Page.enable');
    return {
      pid: child.pid!,
      send,
      async addInitScript(fn, arg) {
        await send('Page.addScriptToEvaluateOnNewDocument', { source: call(fn, arg) });
      },
      async goto(url) {
        const loaded = new Promise<void>((resolve) => {
          const onLoad = (event: MessageEvent) => {
            if ((JSON.parse(String(event.data)) as { method?: string }).method !== 'Page.loadEventFired') return;
            socket.removeEventListener('message', onLoad);
            resolve();
          };
          socket.addEventListener('message', onLoad);
        });
        const answer = (await send('Page.navigate', { url })) as { errorText?: string };
        if (answer.errorText) throw new Error(`navigation failed: ${answer.errorText}`);
        await loaded;
      },
      async evaluate(fn, arg) {
        const answer = (await send('Runtime.evaluate', { expression: call(fn, arg), awaitPromise: true, returnByValue: true })) as {
          result: { value?: unknown };
          exceptionDetails?: { exception?: { description?: string }; text: string };
        };
        if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
        return answer.result.value as never;
      },
      async close() {
        socket.close();
        await stop(child);
      },
    };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

function devtoolsUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools in 30 s: ${seen.slice(-500)}`)), 30_000);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      seen += chunk;
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before DevTools opened: ${seen.slice(-500)}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
