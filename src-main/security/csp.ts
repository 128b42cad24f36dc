// The renderer's Content Security Policy. Production: only our own scripts and styles, no
// eval, no inline script, no network but what `connect` allows (the app itself talks to main over
// IPC, so nothing; the web preview adds its own WebSocket). 'self' is the page's origin: in the app
// app://linkdock, whose handler serves the renderer folder only (desktop/renderer-protocol.ts), never
// file://, where 'self' would match every file on the disk.

export interface CspOptions {
  /** Extra connect-src sources, e.g. the preview's `ws://127.0.0.1:PORT`. */
  connect?: string[];
}

export function productionCsp(options: CspOptions = {}): string {
  const connect = ["'self'", ...(options.connect ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React sets style attributes on elements; inline <style> and style="" need this.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    "frame-src 'none'",
  ].join('; ');
}
