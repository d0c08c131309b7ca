// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'stream',
  'stream/*',
  'url',
  'util',
  'events',
  'worker_threads',
  'zlib',
  'buffer',
];

const electronImport = {
  regex: '^electron(/.*)?$',
  message: 'Only electron/shell may import electron.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [electronImport] }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronImport,
            { group: nodeBuiltins, message: 'shared/ is runtime-neutral: no Node imports.' },
            {
              group: ['**/electron/**', '**/renderer/**', 'react', 'react-dom', 'react/*'],
              message: 'shared/ imports neither electron/ nor renderer/ code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronImport,
            { group: nodeBuiltins, message: 'The renderer is DOM only.' },
            { group: ['**/electron/**', '**/e2e/**', '**/bench/**'], message: 'The renderer imports only shared/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/service/**/*.ts', 'electron/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronImport,
            {
              group: ['**/renderer/**', '**/shell/**'],
              message: 'Plain Node code does not reach into the renderer or the shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/renderer/**'], message: 'The shell talks to the renderer only over IPC.' }] },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
