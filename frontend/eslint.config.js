import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e-artifacts', 'playwright-report', 'test-results', 'src/api/schema.d.ts'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Accessibility of the markup we write (labels, roles, keyboard handlers next to click handlers).
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The layer graph (docs/architecture.md): app -> features -> shared -> api. A feature never
    // imports another feature or the app layer, except the store's types (`import type`).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'src/shared' },
        { type: 'api', pattern: 'src/api' },
        { type: 'test', pattern: 'src/test' },
      ],
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.d.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkUnknownLocals: true,
          message: 'Layer graph: app -> features -> shared -> api; a feature imports only itself, shared and api.',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: ['app', 'feature', 'shared', 'api'] } } } },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: [
                  { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
                  { element: { type: ['shared', 'api'] } },
                ],
              },
            },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: ['shared', 'api'] } } } },
            {
              // RootState / AppDispatch are the store's types; a type import creates no runtime edge.
              from: { element: { type: ['feature', 'shared'] } },
              allow: { dependency: { kind: 'type' }, to: { element: { type: 'app', internalPath: 'store.ts' } } },
            },
            { from: { element: { type: 'api' } }, allow: { to: { element: { type: 'api' } } } },
            { from: { element: { type: 'test' } }, allow: { to: { element: { type: ['app', 'feature', 'shared', 'api', 'test'] } } } },
            // A test may also build the real store and use the test harness; other features stay off limits.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: ['app', 'test'] } } } },
          ],
        },
      ],
    },
  },
  {
    // One data idiom (docs/architecture.md, "The SPA's data"): components, hooks, slices and pages
    // never call the server; sagas and their workers do. Outside the files below, a module may take
    // only types from src/api (and the stored session); a call module or the client is refused.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/api/**',
      'src/test/**',
      '**/*.test.{ts,tsx}',
      '**/__tests__/**',
      '**/sagas.ts',
      '**/workers.ts',
      '**/*Workers.ts',
      // Saga helpers and the one failure handler (they run inside sagas).
      'src/shared/members.ts',
      'src/shared/toast.ts',
      'src/shared/feedback.ts',
      'src/shared/errors/handleApiError.ts',
      'src/shared/errors/readFailed.ts',
      // The office's first reads start before any lazy code (bench/README.md, first load).
      'src/app/startEarlyReads.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/*', '!**/api/types', '!**/api/storage', '!**/api/events.gen'],
              allowTypeImports: true,
              message: 'Components and hooks do not call the server: dispatch an action and let a saga make the call (copy features/status/{slice,sagas}.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/test/**', 'e2e/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
