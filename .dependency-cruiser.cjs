// Import rules `npm run lint` enforces (dependency-cruiser): no cycles, each process on its own
// side of the contract, and layers that only point down. The layers are drawn in README.md
// ("Architecture"); a rule that fails names the layer that may not be imported.
/** Renderer layers, lowest first; each may import only the ones before it (and itself). */
const R = 'src-renderer';
const below = (name, allowed) => ({
  name: `renderer-${name}-layer`,
  comment: `src-renderer/${name} may import only: ${allowed.join(', ') || 'nothing else in the renderer'}`,
  severity: 'error',
  from: { path: `^${R}/${name}/` },
  to: { path: `^${R}/`, pathNot: [`^${R}/${name}/`, ...allowed.map((layer) => `^${R}/${layer}/`)] },
});

/** Main's folders, lowest first; same rule. */
const M = 'src-main';
const mainBelow = (name, allowed) => ({
  name: `main-${name}-layer`,
  comment: `src-main/${name} may import only: ${allowed.join(', ') || 'nothing else in main'}`,
  severity: 'error',
  from: { path: `^${M}/${name}/` },
  to: { path: `^${M}/`, pathNot: [`^${M}/${name}/`, ...allowed.map((folder) => `^${M}/${folder}/`)] },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one; split the shared part out or invert the dependency.',
      severity: 'error',
      from: { path: '^src-' },
      to: { circular: true },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by main, preload and renderer: it imports only zod.',
      severity: 'error',
      from: { path: '^src-preload/contract/' },
      to: { pathNot: ['^src-preload/contract/', '^node_modules/zod/'] },
    },
    {
      name: 'preload-contract-only',
      comment: 'The preload exposes the contract and nothing else.',
      severity: 'error',
      from: { path: '^src-preload/' },
      to: { path: '^src-(main|renderer)/' },
    },
    {
      name: 'renderer-not-main',
      comment: 'The renderer reaches main only through the contract.',
      severity: 'error',
      from: { path: `^${R}/` },
      to: { path: '^src-main/' },
    },
    {
      name: 'main-not-renderer',
      severity: 'error',
      from: { path: '^src-main/' },
      to: { path: `^${R}/` },
    },

    // Renderer: contract client → data (sync) and kit (ui) → session → resource screens → features → app shell.
    below('contract', []),
    below('sync', ['contract']),
    below('ui', []),
    below('session', ['contract', 'sync', 'ui']),
    below('resource-screens', ['contract', 'sync', 'ui', 'session']),
    {
      name: 'renderer-features-layer',
      comment: 'A feature may import the layers below it, never the app shell.',
      severity: 'error',
      from: { path: `^${R}/features/` },
      to: { path: `^${R}/(app/|main\\.tsx)` },
    },
    {
      name: 'renderer-features-apart',
      comment: 'Features do not import each other; the app shell composes them.',
      severity: 'error',
      from: { path: `^${R}/features/([^/]+)/` },
      to: { path: `^${R}/features/`, pathNot: `^${R}/features/$1/` },
    },
    {
      name: 'renderer-data-without-react',
      comment: 'The data layer (sync, contract client) runs under Node in tests and in any UI: no React.',
      severity: 'error',
      from: { path: `^${R}/(sync|contract)/` },
      to: { path: ['^node_modules/(react|react-dom|react-aria-components|dexie-react-hooks|@tanstack/react-virtual)/', '\\.tsx$'] },
    },

    // Main: pure services at the bottom, Electron only in electron/ and index.ts.
    mainBelow('security', []),
    mainBelow('storage', []),
    mainBelow('service', []),
    mainBelow('sandbox', []),
    mainBelow('vault', ['storage']),
    mainBelow('logging', ['security']),
    mainBelow('workspaces', ['storage', 'vault', 'service', 'security']),
    mainBelow('ipc', ['security', 'service']),
    mainBelow('desktop', ['ipc', 'storage', 'service', 'sandbox', 'security']),
    mainBelow('electron', ['desktop', 'ipc', 'security', 'vault', 'storage', 'logging']),
    {
      name: 'main-electron-only-in-adapters',
      comment: 'Pure main-process logic stays free of Electron: only src-main/electron and the entry point touch it.',
      severity: 'error',
      from: { path: `^${M}/`, pathNot: [`^${M}/electron/`, `^${M}/index\\.ts$`] },
      to: { path: '^electron$|^node_modules/electron/' },
    },
    {
      name: 'main-entry-points-on-top',
      comment: 'Nothing imports the Electron entry point or the web preview host.',
      severity: 'error',
      from: { pathNot: `^${M}/preview/` },
      to: { path: [`^${M}/index\\.ts$`, `^${M}/preview/`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^out/', '^dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js'] },
    // Type-only imports count: a type cycle is still a cycle a reader has to hold in mind.
    skipAnalysisNotInRules: false,
  },
};
