// First-load budget: the JS a visitor downloads before the first screen (/login) shows, gzip-compressed,
// must stay within 300 KB. Reads Vite's manifest: the entry, its static imports, and the login route's chunk.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 300;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
collect(entry);
collect('src/routes/login-page.tsx');

// zod (every schema's `_zod` internals) belongs to the lazily loaded pages' forms, never to the first load: one
// runtime import of a module holding a schema from the app shell costs ~26 KB gzip.
const ZOD_MARKER = /\._zod\b/;
const withZod = [];
let total = 0;
for (const file of files) {
  const code = readFileSync(join(dist, file));
  total += gzipSync(code).length;
  if (ZOD_MARKER.test(code.toString('utf8'))) withZod.push(file);
}
const kb = total / 1024;
console.log(`first-load JS (entry + /login): ${kb.toFixed(1)} KB gzip in ${files.size} files (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
if (withZod.length > 0) {
  console.error(`zod reached the first load (${withZod.join(', ')}): import schemas only from lazily loaded modules`);
  process.exit(1);
}
