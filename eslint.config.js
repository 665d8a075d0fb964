// Lint: typescript-eslint's recommended rules plus the project's cycle check (no import circle,
// type-only imports included: tools/lint/no-cycle.js), a ban on `any` in the sources, and size
// limits: 300 lines for every hand-written file (the entries, the tests and the tools too), 80 a
// function in src. test/scripts/lint-rules.test.ts plants a circle and a long entry and sees both fail.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import local from './tools/lint/no-cycle.js';

// fp-ts's Node entry is CommonJS: a value imported from it brings a whole module into a browser
// page. io-ts results are read with codecs/decoder.ts's isInvalid.
const NO_FP_TS = [{ group: ['fp-ts', 'fp-ts/*'], allowTypeImports: true, message: 'Use isInvalid (src/codecs/decoder.ts) or io-ts; import only types from fp-ts.' }];
// protobuf-es (its runtime, its wire layer) and the generated schema: the library reads frames
// with its own wire reads (src/stream/wire-reader.ts) and writes a recording's base64 with
// uint8array-extras, so neither a page nor a program that imports the root entry loads protobuf-es;
// the simulator and the command line may use them.
const PROTOBUF_MESSAGE = 'The library does not use protobuf-es (the stream reads the wire itself: wire-reader.ts; base64 is uint8array-extras); the runtime, its wire layer and the generated schema are for the simulator and the tests.';
const NO_PROTOBUF_RUNTIME = {
  paths: [{ name: '@bufbuild/protobuf', allowTypeImports: true, message: PROTOBUF_MESSAGE }],
  patterns: [{ group: ['@bufbuild/protobuf/*', '**/gen/**'], allowTypeImports: true, message: PROTOBUF_MESSAGE }],
};

// The layers of src/, lowest first (docs/architecture.md, "Layers"): a module may import its own
// layer and those below, never one above. Each entry is a folder or a file of src/; every entry of
// src/ must be placed (a new one fails here until it is).
const LAYERS = [
  ['decimal', 'gen', 'operation-id.ts', 'version.ts', 'redact.ts', 'suggest.ts', 'default-waits.ts', 'exponential-backoff.ts'],
  ['errors.ts', 'error-context.ts', 'unsupported-runtime.ts', 'service-codes.ts', 'settings', 'long-delays.ts', 'internal'],
  ['params', 'codecs'],
  ['endpoints'],
  ['metrics', 'budget', 'recording-hooks.ts'],
  ['http'],
  ['client'],
  ['operations'],
  ['stream'],
  ['operators', 'store', 'recording'],
  ['scale', 'remote', 'journal'],
  ['bridge'],
  ['server', 'simulator', 'cli', 'exports', 'index.ts'],
];
const unplaced = readdirSync(new URL('./src', import.meta.url)).filter((entry) => !LAYERS.flat().includes(entry));
if (unplaced.length > 0) throw new Error(`eslint.config.js: place ${unplaced.join(', ')} in LAYERS (docs/architecture.md, "Layers")`);
const LAYER_ZONES = LAYERS.slice(0, -1).map((layer, index) => ({
  target: layer.map((entry) => `./src/${entry}`),
  from: LAYERS.slice(index + 1).flat().map((entry) => `./src/${entry}`),
  message: `An import up a layer: layer ${index + 1} of ${LAYERS.length} (${layer.join(', ')}) imports only from itself and below (eslint.config.js LAYERS, docs/architecture.md "Layers").`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'test-output/**', 'examples/**/dist/**', 'src/gen/**', '.stryker-tmp/**', 'tools/mutation/reports/**', 'tools/mutation/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    plugins: { local },
    rules: {
      // import-x's no-cycle skips type-only imports (and has no option to count them); ours counts every import.
      'local/no-cycle': 'error',
      'max-lines': ['error', { max: 300 }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Functions a reader can hold at once (every file's 300 lines are above; generated code is ignored).
    files: ['src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80 }],
      // What a browser page must not get (docs/performance.md, "What the library adds to a page").
      '@typescript-eslint/no-restricted-imports': ['error', { paths: NO_PROTOBUF_RUNTIME.paths, patterns: [...NO_FP_TS, ...NO_PROTOBUF_RUNTIME.patterns] }],
      // No import runs up a layer (LAYERS), and the library never imports the simulator, the server
      // entry or the command line (they import the library).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...LAYER_ZONES,
            {
              target: ['./src/!(simulator|cli|server)/**/*', './src/*.ts'],
              from: ['./src/simulator', './src/cli', './src/server'],
              message: 'The library must not import the simulator, the server entry or the command line.',
            },
            {
              target: ['./src/!(server|simulator|cli)/**/*', './src/*.ts'],
              from: ['./src/server'],
              message: 'The library must not import the server entry.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/simulator/**/*.ts', 'src/cli/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: NO_FP_TS }] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
