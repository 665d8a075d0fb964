// Lint: typescript-eslint's recommended rules plus import-x's cycle check (the project forbids
// import cycles), a ban on `any` in the sources, and size limits for src (300 lines a file, 80 a
// function).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'test-output/**', 'examples/**/dist/**', 'src/gen/**', '.stryker-tmp/**', 'tools/mutation/reports/**', 'tools/mutation/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Small files, one concern each; functions a reader can hold at once. (Generated code is ignored above.)
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80 }],
      // The library never imports the simulator or the command line (they import the library).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/!(simulator|cli)/**/*', './src/*.ts'],
              from: ['./src/simulator', './src/cli'],
              message: 'The library must not import the simulator or the command line.',
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
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
