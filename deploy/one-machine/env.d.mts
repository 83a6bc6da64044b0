// Types of env.mjs for the TypeScript tests that read the one-machine process's configuration.
import type { z } from 'zod';
import type { ServiceEnvSchema } from '@cs/platform/config';

export declare const OneMachineEnvSchema: ReturnType<
  typeof ServiceEnvSchema.extend<{
    GATEWAY_PORT: z.ZodDefault<z.ZodCoercedNumber>;
    WEB_DIST_DIR: z.ZodDefault<z.ZodString>;
    AUTH_ACCESS_PRIVATE_KEY: z.ZodString;
  }>
>;

export declare function oneMachineEnvironment(processEnv: Record<string, string | undefined>): {
  readonly config: z.infer<typeof OneMachineEnvSchema>;
  readonly env: Record<string, string | undefined>;
};
