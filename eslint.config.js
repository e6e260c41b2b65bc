// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Architecture as lint zones: lib/ is the pure core and may import nothing
// from the browser, the UI, the command line or Node; components/ are
// presentational and never touch browser APIs.
const pureCore = {
  patterns: [
    {
      group: ['**/entrypoints/**', '**/components/**', '**/cli/**'],
      message: 'lib/ is the pure core.',
    },
    {
      group: ['preact', 'preact/*', 'wxt', 'wxt/*', 'webextension-polyfill'],
      message: 'lib/ is the pure core.',
    },
    { group: ['node:*'], message: 'lib/ gets I/O passed in (see lib/http/types.ts).' },
    {
      group: ['**/_locales/**'],
      message: 'lib/ carries phrases; text is made at the edges (components/english.ts, cli/).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.output',
      '.output-e2e',
      '.wxt',
      'dist',
      'coverage',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Page data never becomes markup.' },
        { property: 'outerHTML', message: 'Page data never becomes markup.' },
        { property: 'insertAdjacentHTML', message: 'Page data never becomes markup.' },
        { property: 'createContextualFragment', message: 'Page data never becomes markup.' },
        { object: 'document', property: 'write', message: 'Page data never becomes markup.' },
        { object: 'document', property: 'writeln', message: 'Page data never becomes markup.' },
      ],
      // Nor through Preact: the Firefox linter's accepted innerHTML warning
      // (scripts/lint-firefox.ts) holds only while no component uses this.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Page data never becomes markup.',
        },
      ],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['lib/**/*.ts'],
    ignores: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', pureCore] },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['wxt/browser', 'webextension-polyfill', '**/entrypoints/**'],
              message: 'Components are presentational: props in, callbacks out.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'browser', 'chrome'],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
