/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createLogger, defineConfig, type ProxyOptions } from 'vite';
import { withoutClosedWebSockets } from './src/dev-server/proxy-log.ts';

// The API lives under /api in the browser (SPA routes such as /tickets would clash with the gateway's paths);
// the proxy strips the prefix. socket.io goes through as a websocket.
const gateway = process.env.GATEWAY_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? '8080'}`;
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gateway, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') },
  '/socket.io': { target: gateway, changeOrigin: true, ws: true },
};

// Test files share one jsdom environment and module graph per worker (no isolation): importing React, Chakra and the
// app once per worker instead of once per file takes the suite from about 5 minutes to under 2. A file that
// replaces modules with vi.mock would leak its doubles into the files after it, so those run isolated.
// (Paths from this file's folder, whatever the working directory: `include` is relative to the root, web/.)
const web = fileURLToPath(new URL('./', import.meta.url));
const testFiles = readdirSync(`${web}src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);
const mocking = testFiles.filter((file) => /\bvi\.mock\(/.test(readFileSync(`${web}${file}`, 'utf8')));

export default defineConfig({
  plugins: [react()],
  // a browser tab that closes resets its /socket.io socket: not logged (Vite's proxy logs every ws error itself, after
  // the proxy's `configure` hook, so only its logger can leave them out; the dev server and preview share it)
  customLogger: withoutClosedWebSockets(createLogger()),
  resolve: { conditions: ['@cs/source'] },
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), strictPort: true, proxy },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // a guard against a hung test, not a speed check: `make test` runs these beside lint, the type checks and the
    // build on 2 cores, where the longest dialog walks took 12–15 s on a slow machine (2026-11-29)
    testTimeout: 30_000,
    env: { VITE_API_URL: 'http://localhost:3000/api' },
    projects: [
      { extends: true, test: { name: 'isolated', include: mocking, isolate: true } },
      {
        extends: true,
        test: { name: 'shared', include: testFiles.filter((file) => !mocking.includes(file)), isolate: false },
      },
    ],
  },
});
