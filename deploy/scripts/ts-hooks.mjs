// Node module customization hooks: run TypeScript sources directly (ESM), compiled by SWC on load.
// `import './x.js'` resolves to `./x.ts` when only the TypeScript source exists.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';
import { swcOptions } from './swc-options.mjs';

const isPathLike = (specifier) =>
  specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');

const SOURCE_CONDITION = '@cs/source';

export async function resolve(specifier, originalContext, nextResolve) {
  // Workspace packages export their TypeScript sources under the `@cs/source` condition.
  const conditions = originalContext.conditions ?? [];
  const context = conditions.includes(SOURCE_CONDITION)
    ? originalContext
    : { ...originalContext, conditions: [SOURCE_CONDITION, ...conditions] };
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && isPathLike(specifier) && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts') && !url.endsWith('.d.ts')) {
    const filename = fileURLToPath(url);
    const source = await readFile(filename, 'utf8');
    const { code } = await transform(source, { ...swcOptions, filename });
    return { format: 'module', source: code, shortCircuit: true };
  }
  return nextLoad(url, context);
}
