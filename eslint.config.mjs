// One flat config for the monorepo. Besides the TypeScript rules, it enforces the dependency direction:
// proto ← platform ← services/gateway, proto ← web; no service imports another; entry points only.
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICES = ['identity', 'tickets', 'contacts', 'campaigns', 'billing', 'whatsapp-connector'];
const deepImports = {
  group: ['@cs/*/src/*', '@cs/*/src', '@cs/*/dist/*'],
  message: 'Import workspace packages by their entry points (@cs/proto/events), never their sources.',
};

const WEB_FEATURES = [
  'auth',
  'inbox',
  // issue 8: the dashboard and the management pages
  ...['dashboard', 'connections', 'contacts', 'users', 'queues', 'tags', 'quick-messages', 'schedules', 'helps'],
  // issue 16: campaigns, contact lists and file lists
  ...['campaigns', 'contact-lists', 'files'],
];
const WEB_SHARED = ['api', 'components', 'lib', 'realtime', 'theme', 'i18n', 'layout'];
const HEX_COLOUR = '#[0-9a-fA-F]{3}([0-9a-fA-F]{3}([0-9a-fA-F]{2})?)?\\b';
const webBase = {
  group: ['@cs/platform', '@cs/platform/*'],
  message: 'The web imports contracts from @cs/proto only, never the backend platform.',
};
const rawReduxHooks = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector', 'useStore'],
  message: 'Use the typed useAppDispatch / useAppSelector / useAppStore from src/app/hooks.',
};

const platformBoundary = {
  group: [
    ...SERVICES.map((name) => `@cs/${name}`),
    ...SERVICES.map((name) => `@cs/${name}/*`),
    '@cs/gateway',
    '@cs/gateway/*',
    '@cs/web',
    '@cs/web/*',
  ],
  message: 'platform is shared infrastructure: it never imports a service, the gateway or the web.',
};
// the OpenTelemetry SDK and its exporters load only where the process starts them or serves their metrics; the rest of
// the platform instruments through the API (src/telemetry/README.md)
const TELEMETRY_SDK_USERS = [
  'services/platform/src/telemetry/**',
  'services/platform/src/bootstrap/service-app.ts',
  'services/platform/src/health/health.controller.ts',
];
const telemetrySdk = {
  regex: '/telemetry/telemetry(\\.js)?$',
  message:
    'Instrument through ../telemetry/instrumentation.js: the SDK (telemetry.ts) loads where the process starts it.',
};

// `@cs/platform/events` publishes; what carries events (kafkajs, Nest's microservices) is
// `@cs/platform/events/transport` (src/events/README.md), which the publishing side never imports
const EVENTS_PUBLISHING = [
  ...['index', 'event-bus', 'event-ids', 'event-publisher', 'in-process-bus', 'outbox-relay', 'outbox-take-window'],
  ...['slice-coalescer', 'stream-gaps', 'stream-positions'],
].map((name) => `services/platform/src/events/${name}.ts`);
const eventsTransport = [
  {
    group: ['kafkajs', 'kafkajs/*', '@nestjs/microservices', '@nestjs/microservices/*'],
    message: 'Publishing loads no transport: this belongs in @cs/platform/events/transport (src/events/transport.ts).',
  },
  {
    regex: '^\\./(event-context|event-server|events\\.module|kafka-bus|on-topic|kafkajs-[a-z-]+|transport)(\\.js)?$',
    message: 'Publishing loads no transport: this belongs in @cs/platform/events/transport (src/events/transport.ts).',
  },
];

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { paths, patterns: [deepImports, ...patterns] }],
});

// The deployable a repository path belongs to (services/<name>, gateway, web), or null for shared code.
const ROOT = import.meta.dirname;
const deployableOf = (file) => {
  const [top, name] = path.relative(ROOT, file).split(path.sep);
  if (top === 'services' && SERVICES.includes(name)) return `services/${name}`;
  return top === 'gateway' || top === 'web' ? top : null;
};
// Test code and sources of one deployable never reach into another deployable's files by relative path
// (`../../../tickets/src/...`); they import its package entry points or the shared @cs/platform/testing.
const boundaries = {
  rules: {
    'no-relative-cross-deployable': {
      meta: {
        type: 'problem',
        messages: {
          crossing:
            "{{from}} must not import {{to}}'s files by relative path ('{{source}}'): import a package entry point (@cs/platform/testing, @cs/proto/...) instead.",
        },
        schema: [],
      },
      create(context) {
        const from = deployableOf(context.filename);
        if (!from) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), source);
          const to = deployableOf(target);
          if (to && to !== from)
            context.report({ node: node.source, messageId: 'crossing', data: { from, to, source } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/generated/**',
      '.cache/**',
      '.data/**',
      'coverage/**',
      'web/dist/**',
      'web/e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs', 'deploy/scripts/*.mjs', 'deploy/kafka/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // command-line tools print their results
    files: ['proto/tools/**', 'deploy/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['services/**/*.{ts,mjs}', 'gateway/**/*.{ts,mjs}', 'web/**/*.{ts,tsx,mjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-relative-cross-deployable': 'error' },
  },
  {
    // Known debt (issue 15): the gateway's test stack boots identity in-process from its sources, and identity's
    // e2e tests reuse that stack. Both should start identity as a process (spawnTs) instead; until then only
    // these files are exempt.
    files: [
      'gateway/test/support/stack.ts',
      'services/identity/test/e2e/*.e2e-spec.ts',
      'services/identity/test/e2e/*.cases.ts',
      'services/identity/test/e2e/two-factor.ts',
    ],
    rules: { 'boundaries/no-relative-cross-deployable': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // proto is universal: zod only, no Node or Nest.
    files: ['proto/src/**/*.ts'],
    rules: restrict([{ regex: '^(?!zod$|\\.)', message: 'proto imports only zod (and itself).' }]),
  },
  {
    files: ['services/platform/**/*.ts'],
    ignores: [...TELEMETRY_SDK_USERS, ...EVENTS_PUBLISHING],
    rules: restrict([platformBoundary, telemetrySdk]),
  },
  { files: TELEMETRY_SDK_USERS, rules: restrict([platformBoundary]) },
  { files: EVENTS_PUBLISHING, rules: restrict([platformBoundary, telemetrySdk, ...eventsTransport]) },
  ...SERVICES.map((name) => ({
    files: [`services/${name}/**/*.ts`],
    rules: restrict([
      {
        group: [
          ...SERVICES.filter((other) => other !== name).flatMap((other) => [`@cs/${other}`, `@cs/${other}/*`]),
          '@cs/gateway',
          '@cs/gateway/*',
          '@cs/web',
          '@cs/web/*',
        ],
        message: 'No service imports another service (talk through events).',
      },
    ]),
  })),
  {
    files: ['gateway/**/*.ts'],
    rules: restrict([
      {
        group: [...SERVICES.flatMap((name) => [`@cs/${name}`, `@cs/${name}/*`]), '@cs/web', '@cs/web/*'],
        message: 'The gateway knows services only by URL and events.',
      },
    ]),
  },
  {
    // the web client (STYLE.md B10): browser code, React hooks rules, feature boundaries, no raw colours
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      ...restrict([webBase], [rawReduxHooks]),
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=/${HEX_COLOUR}/]`,
          message: 'No raw colours in components: use a semantic token (src/theme/tokens.ts).',
        },
        {
          selector: `TemplateElement[value.raw=/${HEX_COLOUR}/]`,
          message: 'No raw colours in components: use a semantic token (src/theme/tokens.ts).',
        },
      ],
    },
  },
  ...WEB_FEATURES.map((name) => ({
    files: [`web/src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict(
      [
        webBase,
        {
          regex: `(^\\.\\./\\.\\./(?!${name}/)[\\w-]+/)|(/features/(?!${name}/))`,
          message: `A feature imports only itself and the shared layers; ${name} must not reach into another feature.`,
        },
        { regex: '/routes/', message: 'Features never import routes.' },
      ],
      [rawReduxHooks],
    ),
  })),
  {
    files: WEB_SHARED.map((dir) => `web/src/${dir}/**/*.{ts,tsx}`),
    rules: restrict(
      [webBase, { regex: '(^|/)(features|routes)/', message: 'Shared layers never import features or routes.' }],
      [rawReduxHooks],
    ),
  },
  {
    // the theme is where raw colours live; tests and fixtures carry server data such as queue colours
    files: ['web/src/theme/**', 'web/src/**/*.test.{ts,tsx}', 'web/src/testing/**', 'web/e2e/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['web/src/app/hooks.ts'],
    rules: restrict([webBase]),
  },
  {
    // node scripts; e2e callbacks passed to page.evaluate run in the browser
    files: ['web/e2e/**', 'web/scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-console': 'off' },
  },
  prettier,
);
