// Types of deployables.mjs for the TypeScript tests that read the deployables' list.
export interface Deployable {
  readonly name: string;
  readonly app: string;
  readonly definition: string;
  readonly dataSource?: { readonly module: string; readonly factory: string };
  readonly seed?: { readonly module: string; readonly fn: string };
  readonly portKey: string;
  readonly port: number;
  readonly urlKey?: string;
  /** The Node options its process runs with, as in deploy/k8s and docker-compose.yml. */
  readonly nodeOptions?: string;
}

export const SERVICES: readonly Deployable[];
export const GATEWAY: Omit<Deployable, 'name' | 'dataSource' | 'seed' | 'urlKey'>;
