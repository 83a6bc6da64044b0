// Node module hooks that run TypeScript sources directly (ESM), compiled by SWC on load, registered with
// `module.registerHooks`: synchronous, on the loading thread, so a resolution or a load costs a function call and not
// a round trip to a hooks thread (how much that saves a process: bench/README.md, make test).
// `import './x.js'` resolves to `./x.ts` when only the TypeScript source exists.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';
import { swcOptions } from './swc-options.mjs';

const isPathLike = (specifier) =>
  specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');

const SOURCE_CONDITION = '@cs/source';

function resolve(specifier, originalContext, nextResolve) {
  // Workspace packages export their TypeScript sources under the `@cs/source` condition.
  const conditions = originalContext.conditions ?? [];
  const context = conditions.includes(SOURCE_CONDITION)
    ? originalContext
    : { ...originalContext, conditions: [SOURCE_CONDITION, ...conditions] };
  try {
    return nextResolve(specifier, context);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && isPathLike(specifier) && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

function load(url, context, nextLoad) {
  const path = url.split('?', 1)[0];
  if (path.startsWith('file:') && path.endsWith('.ts') && !path.endsWith('.d.ts')) {
    const filename = fileURLToPath(path);
    const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
    return { format: 'module', source: code, shortCircuit: true };
  }
  return nextLoad(url, context);
}

let registered = false;

/** Registers the hooks for this process, once however often it is called (Jest's global setup and teardown both do). */
export function registerTsHooks() {
  if (registered) return;
  registered = true;
  registerHooks({ resolve, load });
}
