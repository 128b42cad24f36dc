// Where the window loads the renderer from: electron-vite's dev server in development, otherwise
// the built folder served as app://linkdock/ (renderer-protocol.ts), never file://: on a file://
// page the CSP's 'self' matches every file on the disk (issue #36). A packaged app ignores
// ELECTRON_RENDERER_URL: anyone who can set a variable in its environment could otherwise load
// their own page with the contract's bridge (issue #14).
import path from 'node:path';
import { APP_ENTRY_URL } from './renderer-protocol.ts';

export interface RendererUrlFacts {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
}

export function rendererUrl(facts: RendererUrlFacts): string {
  const devServer = facts.env['ELECTRON_RENDERER_URL'];
  if (!facts.isPackaged && devServer) return devServer;
  return APP_ENTRY_URL;
}

/** The folder app://linkdock/ serves: the built renderer (out/renderer), nothing above it. */
export function rendererDir(outDir: string): string {
  return path.join(outDir, 'renderer');
}
