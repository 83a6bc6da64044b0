// Types of e2e-stack.mjs for the TypeScript tests that start the full stack.
export interface RunningStack {
  /** The built client served by `vite preview`, or null when started with `web: false`. */
  readonly webUrl: string | null;
  readonly gatewayUrl: string;
  readonly databaseUrl: string;
  readonly serviceUrls: Record<string, string>;
  readonly deployables: string[];
  stop(): Promise<void>;
}

export function startStack(options?: { log?: (line: string) => void; web?: boolean }): Promise<RunningStack>;
