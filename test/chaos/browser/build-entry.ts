// Builds the browser chaos page (entry.ts) with vite's build API into a temporary folder, served
// as the preview's static root for one test file or one `test:chaos --browser` run. Test-only:
// the app's renderer bundle (out/renderer) never carries it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { withTempDir } from '../../support/temp-dir.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function buildChaosPage(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const temp = await withTempDir();
  try {
    await build({
      configFile: false,
      root: here,
      logLevel: 'warn',
      build: { outDir: temp.dir, emptyOutDir: true, minify: false, rollupOptions: { input: path.join(here, 'index.html') } },
    });
    return temp;
  } catch (error) {
    await temp.cleanup();
    throw error;
  }
}
