import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A fix of a dependency's private internals (an ADR; docs/contributing.md, "Dependency patches") and the exact
 * versions of each package it reaches into that it was verified against. A process that installs such a fix refuses to start on any other version:
 * private code changes without notice, and a fix applied to code it was not written for fails silently.
 */
export interface VerifiedPatch {
  /** What the fix replaces, as the refusal names it. */
  readonly patch: string;
  /** The ADR recording the defect, the upstream issue, the measured gain and the exit path. */
  readonly adr: string;
  /** Package name → the exact versions the fix was verified against. */
  readonly verified: Readonly<Record<string, readonly string[]>>;
}

export class UnverifiedDependencyError extends Error {
  override readonly name = 'UnverifiedDependencyError';
}

interface PackageJson {
  readonly name?: string;
  readonly version?: string;
}

/**
 * The version of `packageName` that a module at `fromUrl` imports: its `package.json`, also for packages whose
 * `exports` hide it (the folder of their entry point, then upwards to the package's own `package.json`).
 */
export function installedVersion(packageName: string, fromUrl: string | URL = import.meta.url): string {
  const require = createRequire(fromUrl);
  let folder = dirname(require.resolve(packageName));
  for (;;) {
    const candidate = join(folder, 'package.json');
    const manifest = readManifest(candidate);
    if (manifest?.name === packageName && typeof manifest.version === 'string') return manifest.version;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json of ${packageName} above its entry point`);
    folder = parent;
  }
}

function readManifest(path: string): PackageJson | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
  } catch {
    return undefined;
  }
}

/** Each package of `patch` whose installed version it was not verified against, as `name version`. */
export function unverifiedVersions(
  patch: VerifiedPatch,
  versionOf: (packageName: string) => string = (name) => installedVersion(name),
): string[] {
  return Object.entries(patch.verified)
    .map(([name, versions]) => ({ name, version: versionOf(name), versions }))
    .filter(({ version, versions }) => !versions.includes(version))
    .map(({ name, version, versions }) => `${name} ${version} (verified: ${versions.join(', ')})`);
}

/**
 * Throws `UnverifiedDependencyError` when any package `patch` reaches into is at a version it was not verified
 * against, naming the packages, the fix, its ADR and what to do.
 */
export function assertVerifiedVersions(patch: VerifiedPatch, versionOf?: (packageName: string) => string): void {
  const unverified = unverifiedVersions(patch, versionOf);
  if (unverified.length === 0) return;
  throw new UnverifiedDependencyError(
    `refusing to start: ${patch.patch} replaces private internals and was not verified against ${unverified.join('; ')}. ` +
      `Run its tests against the installed version and add it to the verified list, or take the exit path of ${patch.adr}.`,
  );
}
