// The npm registry mirror this project builds against lacks some other-platform binaries (darwin, win32, ...)
// of packages like @swc/core and unrs-resolver. `npm install` then leaves them out of package-lock.json while
// still listing them as optional dependencies, and `npm ci` refuses the lockfile. This drops optional
// dependencies the lockfile has no entry for, so `npm ci` installs exactly what `npm install` resolved.
// Run after changing dependencies: `make lock`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const paths = new Set(Object.keys(lock.packages));

/** Node's resolution: the nearest node_modules/<name> from the package's own folder upwards. */
function resolves(fromPath, name) {
  let base = fromPath;
  for (;;) {
    if (paths.has(`${base ? `${base}/` : ''}node_modules/${name}`)) return true;
    if (!base) return false;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

let dropped = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!resolves(path, name)) {
      delete entry.optionalDependencies[name];
      dropped += 1;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: dropped ${dropped} unresolvable optional dependencies`);
