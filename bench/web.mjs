// Benchmark 6: the web client's first-load JavaScript. Builds the client (`npm run build -w web`, skipped with
// --no-build), then walks the module graph a browser loads before any route code: the built index.html's module
// scripts and modulepreload links, and every static `import`/`export ... from` of those files, recursively
// (dynamic `import()` chunks are lazy and not first-load). Prints each chunk's raw and gzip size and the total;
// lists the lazy route chunks of the first screens (/login, /tickets) from Vite's manifest for reference.
//   node bench/web.mjs [--build false]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { option, printTable, writeResult } from './lib/report.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = join(root, 'web', 'dist');
const TARGET_KB = 300;

if (option('build', true) || !existsSync(join(dist, 'index.html'))) {
  console.log('web: npm run build -w web');
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attribute = (tag, name) => new RegExp(`${name}=["']([^"']+)["']`).exec(tag)?.[1];
const roots = [];
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  if (attribute(tag, 'type') === 'module' && attribute(tag, 'src')) roots.push(attribute(tag, 'src'));
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  if (attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href')) roots.push(attribute(tag, 'href'));
}
const css = (html.match(/<link\b[^>]*>/g) ?? [])
  .filter((tag) => attribute(tag, 'rel') === 'stylesheet')
  .map((tag) => attribute(tag, 'href'));

/** Static imports of a built ES module (minified: `import{a as b}from"./x.js"`, `import"./y.js"`, re-exports). */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const sizes = new Map();
const visit = (url, via) => {
  const path = url.replace(/^\//, '');
  if (sizes.has(path)) return;
  const content = readFileSync(join(dist, path));
  sizes.set(path, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length, via });
  for (const match of content.toString('utf8').matchAll(STATIC_IMPORT)) {
    visit(posix.join(posix.dirname(`/${path}`), match[1]), path);
  }
};
for (const url of roots) visit(url, 'index.html');

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const chunks = [...sizes].map(([file, size]) => ({
  chunk: file,
  rawKb: kb(size.raw),
  gzipKb: kb(size.gzip),
  via: size.via,
}));
chunks.sort((a, b) => b.gzipKb - a.gzipKb);
const total = { raw: 0, gzip: 0 };
for (const size of sizes.values()) {
  total.raw += size.raw;
  total.gzip += size.gzip;
}
printTable('first-load JavaScript (index.html module graph)', [
  ...chunks,
  { chunk: 'TOTAL', rawKb: kb(total.raw), gzipKb: kb(total.gzip), via: `target ≤ ${TARGET_KB} KB gzip` },
]);

// lazy route chunks of the first screens, from the manifest (not part of the first load)
const manifestPath = join(dist, '.vite', 'manifest.json');
const routes = [];
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const key of Object.keys(manifest).filter((k) => /routes\/(login|tickets)[^/]*\.tsx$/.test(k))) {
    const files = new Set();
    const collect = (k) => {
      const chunk = manifest[k];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) collect(imported);
    };
    collect(key);
    const extra = [...files].filter((file) => !sizes.has(file));
    const gzip = extra.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
    routes.push({ route: key, extraChunks: extra.length, extraGzipKb: kb(gzip) });
  }
  printTable('route chunks loaded on top of the first load (lazy)', routes);
}
const cssGzip = css.reduce(
  (sum, url) => sum + gzipSync(readFileSync(join(dist, url.replace(/^\//, ''))), { level: 9 }).length,
  0,
);
console.log(`\n  CSS in index.html: ${css.length} file(s), ${kb(cssGzip)} KB gzip`);
writeResult('web', {
  params: { gzipLevel: 9, targetKb: TARGET_KB },
  results: { firstLoadGzipKb: kb(total.gzip), firstLoadRawKb: kb(total.raw), chunks, routes, cssGzipKb: kb(cssGzip) },
});
