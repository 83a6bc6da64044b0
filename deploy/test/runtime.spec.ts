/**
 * One Node.js everywhere: the version of .nvmrc runs the tests (the Makefile puts the pinned build first on PATH,
 * deploy/scripts/ensure-node.sh), the child processes they start, the images and the compose services; the
 * engines range, @types/node and the pinned tarball integrities follow it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '@cs/platform/testing';

const read = (path: string): string => readFileSync(join(repoRoot(), path), 'utf8');
const pinned = read('.nvmrc').trim();
const [major, minor, patch] = pinned.split('.').map(Number) as [number, number, number];

describe('the pinned Node.js runtime', () => {
  it('is a full version of an even (LTS) line', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major % 2).toBe(0);
  });

  it('runs this test and every child process started by name', () => {
    expect(process.version).toBe(`v${pinned}`);
    expect(execFileSync('node', ['-v'], { encoding: 'utf8' }).trim()).toBe(`v${pinned}`);
  });

  it('is the base of every Node stage of the image, through the single NODE_VERSION argument', () => {
    const dockerfile = read('deploy/docker/Dockerfile');
    expect(dockerfile).toContain(`ARG NODE_VERSION=${pinned}\n`);
    const nodeBases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)]
      .map((match) => match[1] as string)
      .filter((base) => base.startsWith('node:'));
    expect(nodeBases.length).toBeGreaterThan(0);
    for (const base of nodeBases) expect(base).toBe('node:${NODE_VERSION}-bookworm-slim');
  });

  it('is the image of every compose service that runs Node directly', () => {
    const compose = parse(read('docker-compose.yml')) as { services: Record<string, { image?: string }> };
    const nodeImages = Object.values(compose.services)
      .map((service) => service.image)
      .filter((image): image is string => image?.startsWith('node:') === true);
    for (const image of nodeImages) expect(image).toBe(`node:${pinned}-bookworm-slim`);
  });

  it('satisfies the engines range, which stays on its major', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const range = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(engines);
    expect(range).not.toBeNull();
    const [low, lowMinor, lowPatch] = (range ?? []).slice(1).map(Number) as [number, number, number];
    expect(low).toBe(major);
    expect(lowMinor * 1e6 + lowPatch).toBeLessThanOrEqual(minor * 1e6 + patch);
  });

  it('has the types of its major', () => {
    const manifest = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
    const installed = JSON.parse(read('node_modules/@types/node/package.json')) as { version: string };
    expect(installed.version.split('.')[0]).toBe(String(major));
  });

  it('has a pinned tarball integrity for each Linux build', () => {
    const pins = read('deploy/node/integrity')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(/\s+/));
    for (const arch of ['x64', 'arm64']) {
      const pin = pins.find(([name]) => name === `node-linux-${arch}@${pinned}`);
      expect(pin?.[1]).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
  });
});
