import { installedVersion, unverifiedVersions, type VerifiedPatch } from '@cs/platform/config';

/**
 * `FrameAdapter` (ADR 0009) reads engine.io's and ws's private state and writes to ws's socket, and it overrides
 * socket.io-adapter's broadcast: `GATEWAY_SOCKET_ADAPTER=frame` is refused on any version of these it was not verified
 * against.
 */
export const FRAME_ADAPTER: VerifiedPatch = {
  patch: 'GATEWAY_SOCKET_ADAPTER=frame (gateway/src/realtime/frame-adapter.ts)',
  adr: 'proto/adr/0009-socket-frame-adapter.md',
  verified: {
    'socket.io': ['4.8.4'],
    'socket.io-adapter': ['2.5.8'],
    'engine.io': ['6.6.11'],
    ws: ['8.21.3'],
  },
};

/** Why the frame adapter cannot run on what is installed (the refusal's text), or undefined when it can. */
export function frameAdapterVersionsProblem(
  versionOf: (packageName: string) => string = (name) => installedVersion(name, import.meta.url),
): string | undefined {
  const unverified = unverifiedVersions(FRAME_ADAPTER, versionOf);
  if (unverified.length === 0) return undefined;
  return (
    `${FRAME_ADAPTER.patch} replaces private internals and was not verified against ${unverified.join('; ')}: ` +
    `use GATEWAY_SOCKET_ADAPTER=stock, or verify it (${FRAME_ADAPTER.adr})`
  );
}
