// Usage: node --import ./deploy/scripts/register-ts.mjs path/to/file.ts
// Runs our TypeScript directly; workspace packages resolve to their sources (`@cs/source` condition).
import { registerTsHooks } from './ts-hooks.mjs';

registerTsHooks();
