// Bundles each deployable's built entry (`<package>/dist/main.js`, from `tsc -b`) with everything it imports into
// `<package>/dist/bundle/` (rolldown: ESM for Node, split only where the code itself imports lazily). That bundle is
// what the image, the end-to-end stacks and the benchmarks run: a deployable reads a few files instead of resolving
// and compiling over 1,200 CommonJS modules (typeorm, rxjs, kafkajs, OpenTelemetry) and NestJS's ES modules one by
// one, which starts a stack in about two thirds of the time and half the CPU (bench/README.md, make test).
//   node deploy/scripts/bundle.mjs [name ...]   (`make build` runs it for every deployable)
// The bundle keeps class and function names (`keepNames`: TypeORM and Nest read them) and sits two folders below
// its package, as dist/<folder>/*.js does, so `new URL('../../package.json', import.meta.url)` means the same.
// A bundled module that locates files next to itself (`__dirname`, `__filename`: CommonJS has them, an ES module
// has not) fails the build unless it is known here and not reached by our code.
import { rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { GATEWAY, SERVICES } from './deployables.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Packages whose `__dirname` use stays unreached in our deployables, and why. Anything else that uses it fails the
 * build: it would throw a ReferenceError the first time that path runs in production.
 */
const LOCATION_USES_NEVER_REACHED = {
  // worker-thread transports (`pino.transport`): our logger writes JSON to a stream (services/platform/src/logging)
  pino: 'no pino transports',
  'thread-stream': 'no pino transports',
  // the socket.io client files: the gateway sets `serveClient: false` (gateway/src/realtime/socket-adapter.ts)
  'socket.io': 'serveClient is off',
};

/**
 * The deployables: `services/identity/src/app.ts` → `services/identity` (its entry: `tsc`'s `dist/main.js`), and the
 * one-machine shape, every deployable in one process (deploy/one-machine/main.mjs, over the services' `dist/`).
 */
const deployables = [
  ...[...SERVICES, { ...GATEWAY, name: 'gateway' }].map((deployable) => ({
    name: deployable.name,
    folder: deployable.app.replace(/^\.\.\/\.\.\//, '').replace(/\/src\/app\.ts$/, ''),
  })),
  { name: 'one-machine', folder: 'deploy/one-machine', input: 'deploy/one-machine/main.mjs' },
];

/** The bundled entry of a deployable folder, relative to the repository: what the image runs. */
export const bundledEntry = (folder) => `${folder}/dist/bundle/main.js`;

/** Location-dependent code in the output chunks that is not in LOCATION_USES_NEVER_REACHED: `package (chunk)`. */
function locationUses(output) {
  const found = [];
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue;
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (!/\b__(dirname|filename)\b/.test(module.code ?? '')) continue;
      const owner = id.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1] ?? relative(root, id);
      if (!(owner in LOCATION_USES_NEVER_REACHED)) found.push(`${owner} (${relative(root, id)})`);
    }
  }
  return found;
}

export async function bundle(folder, input = join(folder, 'dist', 'main.js')) {
  const outDir = join(root, folder, 'dist', 'bundle');
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    input: join(root, input),
    platform: 'node',
    // optional peers Nest and others import only when configured (mqtt, nats, grpc, redis, class-transformer…):
    // left as imports, they fail only if reached, as they would unbundled
    logLevel: 'silent',
    // modules run in their source order across chunks: `import 'reflect-metadata'` first in main.ts runs before the
    // Nest decorators a shared chunk holds (without it, the entry's own modules run after the chunks it imports)
    output: { dir: outDir, format: 'esm', keepNames: true, sourcemap: false, strictExecutionOrder: true },
  });
  const uses = locationUses(result.output);
  if (uses.length > 0) {
    throw new Error(`${folder}: bundled code locates files next to itself (__dirname): ${uses.join(', ')}`);
  }
  return result.output.filter((chunk) => chunk.type === 'chunk').length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2);
  const chosen = only.length > 0 ? deployables.filter((d) => only.includes(d.name)) : deployables;
  if (chosen.length === 0) throw new Error(`no deployable named ${only.join(', ')}`);
  const started = performance.now();
  // one at a time: rolldown already uses every core
  for (const { name, folder, input } of chosen) {
    const chunks = await bundle(folder, input);
    const { size } = statSync(join(root, bundledEntry(folder)));
    console.log(`bundle: ${name} → ${bundledEntry(folder)} (${(size / 1024 / 1024).toFixed(1)} MB, ${chunks} files)`);
  }
  console.log(`bundle: ${chosen.length} deployables in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
