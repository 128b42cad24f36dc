import { defineConfig } from 'vitest/config';

/**
 * One project per kind of test (issue #42). A worker started for each file cost ~85 s of a run on
 * 2 cores, so the pure suites share workers (`isolate: false`): they keep no state between files
 * (no module mocks, no globals they do not reset). The screen suites (happy-dom) and files that
 * mock modules stay isolated, and the Chromium suites run one file at a time, so one browser at a
 * time shares the 2 cores with the rest.
 */
export const ISOLATED = [
  'test/main/service/listing-streams.test.ts',
  'test/preload/preload.test.ts',
  'test/renderer/app/status-bar-opening.test.tsx',
  'test/renderer/features/links/links-renders.test.tsx',
];
const BROWSER = ['test/e2e/**/*.test.ts', 'test/chaos/browser-chaos.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // vitest's default for a run is one worker fewer than the cores: one worker on a 2-core machine.
    maxWorkers: 2,
    // Workers are shared between files: env and global stubs never outlive their test.
    unstubEnvs: true,
    unstubGlobals: true,
    // The JSON report lets .ci/run print the plain 'N passed, N failed' line CI reads.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // Builds out/ once a run (the Chromium suites and a few main-process tests read it).
    globalSetup: ['test/support/build-renderer.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/*.test.ts', 'test/main/**/*.test.ts', 'test/preload/**/*.test.ts', 'test/support/**/*.test.ts', 'test/renderer/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      {
        extends: true,
        // Files that mock modules (test/isolation.test.ts keeps this list complete).
        test: { name: 'isolated', environment: 'node', include: ISOLATED },
      },
      {
        extends: true,
        // Each file names its DOM (`@vitest-environment happy-dom`).
        // Isolated: one fresh-clone run (5948cb1) left every test of links-empty-state.test.tsx at
        // "Loading links…" after another screen file in the same worker; the state it shares is not
        // found yet, so each screen file gets its own worker again.
        test: { name: 'screens', include: ['test/renderer/**/*.test.tsx'], exclude: ISOLATED },
      },
      {
        extends: true,
        test: { name: 'integration', environment: 'node', include: ['test/integration/**/*.test.ts', 'test/bench/**/*.test.ts', 'test/electron/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'chaos',
          environment: 'node',
          include: ['test/chaos/**/*.test.ts'],
          exclude: ['test/chaos/browser-chaos.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: BROWSER,
          // One Chromium suite at a time, on one browser for the run (browser-server.ts): each
          // suite starts the preview's main services and its own contexts.
          fileParallelism: false,
          // (Added to the root's build-renderer.ts: vite merges the lists.)
          globalSetup: ['test/support/browser-server.ts'],
        },
      },
    ],
  },
});
