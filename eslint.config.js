// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Architecture as lint zones: lib/ is the pure core and may import nothing
// from the browser, the UI, the command line or Node; extension/ holds the
// browser helpers several entrypoints share and imports no entrypoint;
// components/ are presentational and never touch browser APIs.
const pureCore = {
  patterns: [
    {
      group: ['**/entrypoints/**', '**/components/**', '**/cli/**', '**/extension/**'],
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

/** Which folder may import which (see each folder's README.md). */
const folderZones = [
  {
    target: './lib',
    from: ['./entrypoints', './components', './cli', './extension'],
    message: 'lib/ is the pure core.',
  },
  {
    target: './components',
    from: ['./entrypoints', './cli'],
    message: 'Components are presentational: props in, callbacks out.',
  },
  {
    target: './cli',
    from: ['./entrypoints', './components', './extension'],
    message: 'The command line runs in Node, without the extension.',
  },
];

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
  // One-way folders: no file-level import cycles (type-only imports aside, as
  // they leave no trace at run time), and each folder imports only downwards.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: folderZones }],
    },
  },
  // Tests of lib/ and cli/ may word phrases in English with the edge's catalog
  // (components/english.ts), as lib/'s tests could before the zones; shipped code may not.
  {
    files: ['lib/**/*.test.ts', 'cli/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: folderZones.filter((zone) => zone.target === './components') },
      ],
    },
  },
  // Type-aware: a promise nobody awaits loses its error.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['lib/**/*.ts'],
    ignores: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', pureCore] },
  },
  {
    files: ['extension/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/entrypoints/**', '**/cli/**'],
              message: 'extension/ is shared by the entrypoints: it imports none of them.',
            },
          ],
        },
      ],
    },
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
