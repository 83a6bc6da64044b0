/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// The API lives under /api in the browser (SPA routes such as /tickets would clash with the gateway's paths);
// the proxy strips the prefix. socket.io goes through as a websocket.
const gateway = process.env.GATEWAY_URL ?? `http://127.0.0.1:${process.env.GATEWAY_PORT ?? '8080'}`;
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gateway, changeOrigin: true, rewrite: (path) => path.replace(/^\/api/, '') },
  '/socket.io': { target: gateway, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [react()],
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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    testTimeout: 15_000,
    env: { VITE_API_URL: 'http://localhost:3000/api' },
  },
});
