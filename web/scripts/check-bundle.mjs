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

let total = 0;
for (const file of files) total += gzipSync(readFileSync(join(dist, file))).length;
const kb = total / 1024;
console.log(`first-load JS (entry + /login): ${kb.toFixed(1)} KB gzip in ${files.size} files (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
