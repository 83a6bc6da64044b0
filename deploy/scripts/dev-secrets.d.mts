// Types of dev-secrets.mjs for the TypeScript tests.
export function keptKey(file: string): string;
export function devSecretsKeys(
  env: Record<string, string | undefined>,
  dataDir: string,
): { TICKETS_SECRETS_KEY: string; IDENTITY_SECRETS_KEY: string };
