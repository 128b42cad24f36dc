import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { productionCsp } from './src-main/security/csp.ts';

/** Production builds carry a strict CSP; the dev server needs inline scripts for hot reload. */
function cspMeta(): Plugin {
  return {
    name: 'linkdock-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: productionCsp() }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve('src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can require nothing but electron: bundle the contract and zod into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react(), cspMeta()],
    build: {
      outDir: resolve('out/renderer'),
      // Minified, the startup chunks parse in about half the time (electron-vite leaves it off).
      minify: true,
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
});
