// The packaged window's page comes from app://linkdock/, answered by main from the built renderer
// folder and nothing else (issue #36). On file:// a compromised page could read any of the user's
// files: CSP's 'self' matched every file. On app://linkdock, 'self' is that origin, and this
// handler refuses anything that would leave the folder (.., encoded separators, absolute paths,
// symlinks pointing out) with a 404. Electron-free: src-main/electron/app-protocol.ts registers it.
import { promises as fsPromises } from 'node:fs';
import path from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'linkdock';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The window's page. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** The files the renderer is built into (Vite's output); anything else is served as bytes the page cannot sniff. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

export function mimeType(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Where a request URL points inside `rendererDir`, or null when it is not ours or would leave the
 * folder. Decodes each path segment once and refuses any that decodes to `.`, `..`, a separator,
 * a NUL or a drive letter: Chromium resolves plain `..` before the request, not `%2e%2e%2f`.
 */
export function rendererFilePath(url: string, rendererDir: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST || parsed.username || parsed.password) return null;
  const raw = parsed.pathname === '/' ? ['index.html'] : parsed.pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null; // a malformed escape
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0:]/.test(segment)) return null;
    segments.push(segment);
  }
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, ...segments);
  return isInside(file, root) ? file : null;
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** What the handler reads the disk with (Electron's patched fs reads inside app.asar too). */
export interface RendererFiles {
  realpath(file: string): Promise<string>;
  readFile(file: string): Promise<Uint8Array>;
}

export interface RendererProtocolOptions {
  rendererDir: string;
  /** Sent as a header on every answer, beside the page's own meta tag. */
  csp: string;
  files?: RendererFiles;
}

// Read through the fs object at call time, so Electron's asar patches apply.
const diskFiles: RendererFiles = {
  realpath: (file) => fsPromises.realpath(file),
  readFile: (file) => fsPromises.readFile(file),
};

/** Answers one request for app://linkdock/…: the file, or a 404 (405 for a method other than GET or HEAD). */
export async function serveRendererRequest(request: { url: string; method: string }, options: RendererProtocolOptions): Promise<Response> {
  const headers = { 'Content-Security-Policy': options.csp, 'X-Content-Type-Options': 'nosniff' };
  const plain = (status: number, text: string) => new Response(text, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
  const file = rendererFilePath(request.url, options.rendererDir);
  if (!file) return plain(404, 'Not found');
  const files = options.files ?? diskFiles;
  try {
    // A symlink inside the folder must not lead out of it: compare the real paths.
    const [real, root] = await Promise.all([files.realpath(file), files.realpath(path.resolve(options.rendererDir))]);
    if (!isInside(real, root)) return plain(404, 'Not found');
    const body = await files.readFile(real);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...headers, 'Content-Type': mimeType(real) },
    });
  } catch {
    return plain(404, 'Not found'); // missing, a directory, unreadable
  }
}
