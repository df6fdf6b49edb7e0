// Lint rules that keep the layout of ARCHITECTURE.md true: imports flow one way
// (shared code → features → app), features don't import each other, vendor singletons are
// wrapped (rxdb only under src/db, supabase-js only in src/lib/supabase.ts), no cycles.
import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const features = fs.existsSync('src/features')
  ? fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const sharedFolders = ['./src/components', './src/lib', './src/stores', './src/db'];

// Dates and times are written one way everywhere: through src/lib/format/date.ts.
const ONE_DATE_MODULE = 'Format dates and times with src/lib/format/date.ts (one way of writing them everywhere).';
const dateFnsOutsideFormat = { group: ['date-fns', 'date-fns/*'], message: ONE_DATE_MODULE };
const localeDateFormatting = [
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]", message: ONE_DATE_MODULE },
  // A number's toLocaleString names its locale ('en-US'); a date's bare one is the browser's style.
  { selector: "CallExpression[callee.property.name='toLocaleString'][arguments.length=0]", message: ONE_DATE_MODULE },
  { selector: "CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(dateStyle|timeStyle)$/]", message: ONE_DATE_MODULE },
  { selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']", message: ONE_DATE_MODULE },
  // An ISO timestamp cut to 'yyyy-MM-dd HH:mm' for display.
  { selector: "CallExpression[callee.property.name='replace'][arguments.0.value='T']", message: ONE_DATE_MODULE },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'dist-e2e/', 'dev-dist/', 'test-results/', 'playwright-report/', '.stack-data/', '.bench/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/ignore': ['node_modules'],
      'import-x/external-module-folders': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': ['error', ...localeDateFormatting],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            dateFnsOutsideFormat,
            { group: ['rxdb', 'rxdb/*'], message: 'rxdb is wrapped: import it only under src/db/.' },
            {
              group: ['@supabase/supabase-js'],
              message: 'supabase-js is wrapped: import it only in src/lib/supabase.ts.',
              allowTypeImports: true,
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features don't import each other; routes compose them.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature must not import another feature: compose them in src/app.',
            })),
            // Shared code never imports features or the app; features never import the app.
            ...sharedFolders.map((folder) => ({
              target: folder,
              from: ['./src/features', './src/app'],
              message: 'Shared code must not import features or the app (imports flow shared → features → app).',
            })),
            { target: './src/features', from: './src/app', message: 'Features must not import the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/db/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            dateFnsOutsideFormat,
            { group: ['@supabase/supabase-js'], message: 'Use the client from src/lib/supabase.ts.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/supabase.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/lib/format/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
);
