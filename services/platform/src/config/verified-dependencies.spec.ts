import { readFileSync } from 'node:fs';
import {
  assertVerifiedVersions,
  installedVersion,
  UnverifiedDependencyError,
  unverifiedVersions,
  type VerifiedPatch,
} from './verified-dependencies.js';

const patch: VerifiedPatch = {
  patch: 'the probe fix (probe.ts)',
  adr: 'proto/adr/0099-probe.md',
  verified: { alpha: ['1.2.3', '1.2.4'], beta: ['4.0.0'] },
};
const versions = (installed: Record<string, string>) => (name: string) => installed[name] ?? '0.0.0';

describe(assertVerifiedVersions.name, () => {
  it('lets a process start on exactly the versions the fix was verified against', () => {
    expect(() => assertVerifiedVersions(patch, versions({ alpha: '1.2.4', beta: '4.0.0' }))).not.toThrow();
  });

  it('refuses any other version, a patch release too, naming each package, the fix, its ADR and what to do', () => {
    const installed = versions({ alpha: '1.2.5', beta: '4.0.0-rc.1' });
    expect(unverifiedVersions(patch, installed)).toEqual([
      'alpha 1.2.5 (verified: 1.2.3, 1.2.4)',
      'beta 4.0.0-rc.1 (verified: 4.0.0)',
    ]);
    const refusal = (() => {
      try {
        assertVerifiedVersions(patch, installed);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(UnverifiedDependencyError);
    expect((refusal as Error).message).toBe(
      'refusing to start: the probe fix (probe.ts) replaces private internals and was not verified against ' +
        'alpha 1.2.5 (verified: 1.2.3, 1.2.4); beta 4.0.0-rc.1 (verified: 4.0.0). Run its tests against the installed ' +
        'version and add it to the verified list, or take the exit path of proto/adr/0099-probe.md.',
    );
  });
});

describe(installedVersion.name, () => {
  const manifest = (name: string): { version: string } =>
    JSON.parse(readFileSync(new URL(`../../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
    };

  it("reads the installed package's version, also where its exports hide package.json", () => {
    expect(installedVersion('kafkajs')).toBe(manifest('kafkajs').version);
    // engine.io's exports have no ./package.json: found from its entry point upwards
    expect(installedVersion('engine.io')).toBe(manifest('engine.io').version);
  });
});
