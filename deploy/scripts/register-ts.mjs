// Usage: node --import ./deploy/scripts/register-ts.mjs path/to/file.ts
// Runs our TypeScript directly; workspace packages resolve to their sources (`@cs/source` condition).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
