// Lint: typescript-eslint's recommended rules, React hooks rules, and the layer boundaries of
// ENGINEERING.md: domain and document import nothing of ours but each other and the message
// catalogue; the catalogue (src/messages) imports nothing of ours; browser code (runtime, block
// islands, config) never imports server or database code; routes, rendering and the HTTP layer
// reach the database only through a module's operations (route -> operation -> db). Layout is the formatter's alone
// (Biome; eslint-config-prettier, last, turns off the rules that would argue with any formatter).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export const NO_SQL_OUTSIDE_SERVICES =
  'Routes, rendering and the HTTP layer hold no SQL: call an operation of the module that owns the table (src/server/modules/<area>/index.ts).';
/** The files that answer requests: they take a `db` only to hand it to a service. */
export const REQUEST_LAYER = [
  'src/server/modules/*/routes/**/*.{ts,tsx}',
  'src/server/modules/accounts/config-route.ts',
  'src/server/render/**/*.{ts,tsx}',
  'src/server/http/**/*.{ts,tsx}',
  'src/server/plugins/**/*.{ts,tsx}',
  'src/server/operator/routes.ts',
  'src/server/mail/routes.ts',
  'src/server/app.ts',
];
const QUERY_METHODS = '/^(select|selectDistinct|insert|update|delete|execute|transaction|query)$/';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'data/**', '.tmp/**', 'coverage/**', 'src/db/migrations/**', 'test/fixtures/architecture/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict(
      [
        '../server/*',
        '../db/*',
        '../blocks/*',
        '../cli/*',
        '../config/*',
        '../runtime/*',
        '../document/*',
        '../../*',
        'node:*',
        'fs',
        'path',
        'react',
        'react-dom',
        'zod',
        'pg',
        'drizzle-orm',
        'drizzle-orm/*',
      ],
      'src/domain is pure: it imports nothing but itself and the message catalogue.',
    ),
  },
  {
    files: ['src/messages/**/*.ts'],
    rules: restrict(
      ['../*', 'react', 'react-dom', 'zod', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
      'src/messages is a leaf: it imports nothing of ours, so every layer may import it.',
    ),
  },
  {
    files: ['src/document/**/*.ts'],
    rules: restrict(
      ['../server/*', '../db/*', '../blocks/*', '../cli/*', '../config/*', '../runtime/*', '../../*', 'node:*', 'react', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
      'src/document imports only src/domain and zod.',
    ),
  },
  {
    files: REQUEST_LAYER,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['drizzle-orm', 'drizzle-orm/*', 'pg'].map((p) => ({ group: [p], message: NO_SQL_OUTSIDE_SERVICES })),
            // A module's tables (schema.ts or schema/*), never the site document's schema.
            { group: ['**/schema', '**/schema/*', '**/schema.ts', '!**/document/schema', '!**/blocks/*/schema'], message: NO_SQL_OUTSIDE_SERVICES },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `CallExpression[callee.object.name=/^(db|tx|pool)$/][callee.property.name=${QUERY_METHODS}]`, message: NO_SQL_OUTSIDE_SERVICES },
        { selector: `CallExpression[callee.object.property.name=/^(db|pool)$/][callee.property.name=${QUERY_METHODS}]`, message: NO_SQL_OUTSIDE_SERVICES },
      ],
    },
  },
  {
    files: ['src/runtime/**/*.{ts,tsx}', 'src/blocks/*/island.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: restrict(
      ['**/server/**', '**/db/**', '**/cli/**', 'node:*', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'sharp', 'sanitize-html', 'fastify'],
      'Browser code never imports server or database code.',
    ),
  },
  prettier,
);
