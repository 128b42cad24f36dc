// Where the window loads the renderer from: electron-vite's dev server in development, the built
// file otherwise. A packaged app ignores ELECTRON_RENDERER_URL: anyone who can set a variable in
// its environment could otherwise load their own page with the contract's bridge (issue #14).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface RendererUrlFacts {
  isPackaged: boolean;
  env: Record<string, string | undefined>;
  /** The built app's folder (out/), holding renderer/index.html. */
  outDir: string;
}

export function rendererUrl(facts: RendererUrlFacts): string {
  const devServer = facts.env['ELECTRON_RENDERER_URL'];
  if (!facts.isPackaged && devServer) return devServer;
  return pathToFileURL(path.join(facts.outDir, 'renderer/index.html')).href;
}
