// Types of e2e-stack.mjs for the TypeScript tests that start the full stack.
import type { ChildHandle } from '@cs/platform/testing';
import type { FakeEfiServer } from '@cs/billing/fake-efi';

export interface RunningStack {
  /** The built client served by `vite preview`, or null when started with `web: false`. */
  readonly webUrl: string | null;
  readonly gatewayUrl: string;
  /** Every gateway started (`gateways`), the first being `gatewayUrl`. */
  readonly gatewayUrls: readonly string[];
  readonly databaseUrl: string;
  readonly serviceUrls: Record<string, string>;
  /** The environment every deployable was started with. */
  readonly env: Record<string, string | undefined>;
  /** The deployables' processes, in start order. */
  readonly processes: ReadonlyArray<{ readonly name: string; readonly child: ChildHandle }>;
  readonly deployables: string[];
  /** The fake Efí Pix API billing talks to (pay a charge with `fakeEfi.pay(txid)`). */
  readonly fakeEfi: FakeEfiServer;
  stop(): Promise<void>;
}

export interface StackOptions {
  log?: (line: string) => void;
  web?: boolean;
  label?: string;
  prepare?: (databaseUrl: string) => Promise<void>;
  env?: Record<string, string>;
  logLevel?: string;
  keepDatabase?: boolean;
  gatewayNodeOptions?: string | undefined;
  readyTimeoutMs?: number;
  handleSignals?: boolean;
  /** Run each deployable from its build (`make build`) instead of its TypeScript sources. */
  compiled?: boolean;
  /** How many gateways to start behind the services (default 1). */
  gateways?: number;
}

export function startStack(options?: StackOptions): Promise<RunningStack>;
