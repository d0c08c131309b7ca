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

const rendererFeatures = ['calendar', 'tasks', 'files', 'sharing', 'accounts', 'sync'];
const serviceAreas = ['calendar', 'tasks', 'drive'];

/** `no-restricted-imports` for one folder: the shared patterns plus its own. */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** A renderer feature reaches another only through that feature's index.ts. */
const featureBoundaries = rendererFeatures.map((feature) => ({
  files: [`renderer/features/${feature}/**/*.{ts,tsx}`],
  rules: restrictImports(
    electronImport,
    { group: nodeBuiltins, message: 'The renderer is DOM only.' },
    { group: ['**/electron/**', '**/e2e/**', '**/bench/**'], message: 'The renderer imports only shared/.' },
    {
      regex: `^(\\.\\./)+(features/)?(${rendererFeatures.filter((f) => f !== feature).join('|')})/.+`,
      message: 'Another feature is reached only through its index.ts.',
    },
  ),
}));

/** The service's areas (calendar, tasks, drive) never import each other; what they share lives beside them. */
const areaBoundaries = serviceAreas.map((area) => ({
  files: [`electron/service/${area}/**/*.ts`],
  rules: restrictImports(
    electronImport,
    {
      group: ['**/renderer/**', '**/shell/**'],
      message: 'Plain Node code does not reach into the renderer or the shell.',
    },
    {
      regex: `^(\\.\\./)+(${serviceAreas.filter((a) => a !== area).join('|')})(/.*)?$`,
      message: 'Service areas do not import each other.',
    },
  ),
}));

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
    // The service is reached through its index.ts (and its HTTP interface), never its insides.
    files: [
      'electron/core/**/*.ts',
      'electron/web/**/*.ts',
      'electron/shell/**/*.ts',
      'e2e/**/*.ts',
      'e2e-electron/**/*.ts',
    ],
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
            {
              regex: '^(\\.\\./)+(electron/)?service/.+',
              message: 'Import the service from electron/service/index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/service/**/*.ts'],
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
  ...featureBoundaries,
  ...areaBoundaries,
  {
    files: ['electron/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/renderer/**'], message: 'The shell talks to the renderer only over IPC.' },
            { regex: '^(\\.\\./)+service/.+', message: 'Import the service from electron/service/index.ts.' },
          ],
        },
      ],
    },
  },
  {
    // Promises are awaited, returned or explicitly voided; none is handed to something that ignores it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: [
          './shared/tsconfig.json',
          './electron/tsconfig.json',
          './electron/shell/tsconfig.json',
          './renderer/tsconfig.json',
          './tsconfig.tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
