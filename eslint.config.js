// ESLint flat config: typescript-eslint for all code (with type-aware promise rules for src-*, scripts and
// test), react-hooks for the renderer, and import fences that keep each process to its own side of the contract.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Type-aware promise rules: a promise nobody awaits loses its rejection (an unhandled rejection,
    // or a failure nobody sees), and an async callback where a void one is expected runs unchecked.
    files: ['src-main/**/*.ts', 'src-preload/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'scripts/**/*.ts', 'test/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/src-main/**', 'electron', 'node:*', 'undici'], message: 'The renderer reaches main only through the contract.' }],
        },
      ],
    },
  },
  {
    files: ['src-preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src-main/**', '**/src-renderer/**'], message: 'The preload exposes the contract only.' }] },
      ],
    },
  },
  {
    // Pure main-process logic stays free of Electron; only the adapters and the composition root touch it.
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/electron/**', 'src-main/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Keep Electron behind src-main/electron adapters.' }] }],
    },
  },
);
