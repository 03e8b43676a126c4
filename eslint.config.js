// ESLint for Alta (decision 058): typescript-eslint with type information, the two hook rules,
// and jsx-a11y's recommended rules, over every folder the TypeScript project holds.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const code = ['{src,server,sync,domain,workers,scripts,tests}/**/*.{ts,tsx}', '*.config.ts'];
const scripts = ['{scripts,tests}/**/*.mjs', 'eslint.config.js'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.test-results/**', 'test-results/**', 'playwright-report/**', 'data/**', 'tests/e2e/**/*.d.mts'] },
  {
    files: code,
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Its findings here are i18next's `t`, react-hook-form's `register`/`handleSubmit` and this
      // code's own module objects: functions typed with method syntax that never read `this`.
      '@typescript-eslint/unbound-method': 'off',
      // An `async` function without `await` is how this code implements a Promise-returning
      // interface (storage providers, the batched server transaction, test doubles): a throw
      // becomes a rejection, as callers expect. `Promise.resolve` wrappers would say less.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns; a handler's promise is caught inside it.
      // Node callbacks (timers, listeners, servers) stay checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // React Router's loaders throw the Response of `redirect()` by design.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // `_name` marks a parameter an interface imposes; `{ omitted, ...rest }` drops a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A test reads the API's answers as `Response.json()` gives them (`any`) and its `expect`s are
    // the type check; typing each body would restate the route schemas the tests exist to check.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'server/test/**/*.ts', 'sync/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright reads a hook's fixtures from its first parameter, which must be a pattern: `({}, testInfo)`.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['src/**/*.tsx', 'scripts/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // Alta sets autoFocus only on what appears at the user's own action: a dialog's first
      // control (the WAI-ARIA dialog pattern moves focus into it), an inline editor, the code
      // field asked for after a password. The rule is about focus stolen on page load.
      'jsx-a11y/no-autofocus': 'off',
      // A scrolling region (a wide preview table) must be reachable by keyboard to be scrolled
      // (axe's scrollable-region-focusable): role="region" with a label and tabIndex 0 is the pattern.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Tests name their fixtures `use…` (vitest's `useTestDatabases`, Playwright's `use`): not hooks.
    files: code,
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: scripts,
    extends: [js.configs.recommended],
    // Node scripts whose page.evaluate callbacks run in the browser.
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
