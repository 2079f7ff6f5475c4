// Lint: typescript-eslint's recommended rules, and the module boundaries of DESIGN.md:
// runtime/ and server/ never import each other; both may import definitions/language; and the
// server's and the runtime's layers only point down, in the order of SERVER_LAYERS and
// RUNTIME_LAYERS.
import tseslint from 'typescript-eslint';

const boundary = (other) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: [`**/${other}/**`, `**/${other}`],
          message: `runtime/ and server/ do not import each other; share code through definitions/language.`,
        },
      ],
    },
  ],
});

/** Lowest first: a layer may import the layers before it, never those after it. */
const SERVER_LAYERS = [
  'db',
  'errors',
  'files',
  'metadata',
  'security',
  'data',
  'views',
  'business',
  'events',
  'imports',
  'einvoice',
  'reports',
  'jobs',
  'behaviours',
  'api',
];
const higher = (layer) => SERVER_LAYERS.slice(SERVER_LAYERS.indexOf(layer) + 1);
const layerPatterns = (name) => (name === 'errors' ? ['**/errors.ts', '!**/api/errors.ts'] : [`**/${name}/**`]);
const layerRule = (layer) => ({
  files: [layer === 'errors' ? 'server/errors.ts' : `server/${layer}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [`**/runtime/**`],
            message: 'runtime/ and server/ do not import each other; share code through definitions/language.',
          },
          ...higher(layer).map((h) => ({
            group: layerPatterns(h),
            message: `server layers point down (${SERVER_LAYERS.join(' → ')}): ${layer} may not import ${h}.`,
          })),
          // The composition root (app, engine, main) sits above every layer; only api may know the engine.
          ...(layer === 'api'
            ? []
            : [
                {
                  group: [
                    '**/server/app.ts',
                    '**/server/engine.ts',
                    '**/server/main.ts',
                    '../app.ts',
                    '../engine.ts',
                    '../main.ts',
                    '../../app.ts',
                    '../../engine.ts',
                  ],
                  message: `${layer} may not import the composition root (app, engine, main).`,
                },
              ]),
        ],
      },
    ],
  },
});

/**
 * The runtime's folders, lowest first, by the same rule: calls and shared state, then the UI
 * plumbing every page uses (dialogs, router, paths), then the building blocks (files, live
 * events, forms, grids), then the pages, then the shell. main.tsx composes them; nothing imports it.
 */
const RUNTIME_LAYERS = ['api', 'i18n', 'state', 'account', 'ui', 'files', 'live', 'form', 'grid', 'screens', 'app'];
const runtimeLayerRule = (layer) => ({
  files: [`runtime/${layer}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/server/**', '**/server'],
            message: 'runtime/ and server/ do not import each other; share code through definitions/language.',
          },
          ...RUNTIME_LAYERS.slice(RUNTIME_LAYERS.indexOf(layer) + 1).map((h) => ({
            group: [`**/${h}/**`],
            message: `runtime layers point down (${RUNTIME_LAYERS.join(' → ')}): ${layer} may not import ${h}.`,
          })),
          {
            group: ['**/runtime/main.tsx', '../main.tsx', '../../main.tsx', '../../../main.tsx'],
            message: `${layer} may not import the runtime's entry (main.tsx).`,
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'runtime/dist/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // Type-aware rules that catch real bugs: a promise nobody awaits or handles, a promise where a
  // plain value is expected (an async event handler, an async condition), an await of a value
  // that is no promise, and a cast the type already guarantees.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  // Tests may still say `any` (a fixture read loosely); their count is held by npm run type-debt.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['runtime/**'], rules: boundary('server') },
  { files: ['server/**'], rules: boundary('runtime') },
  ...SERVER_LAYERS.map(layerRule),
  ...RUNTIME_LAYERS.map(runtimeLayerRule),
  {
    files: ['definitions/language/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/runtime/**', 'node:*'],
              message: 'definitions/language is pure and shared: no server, runtime or I/O imports.',
            },
          ],
        },
      ],
    },
  },
);
