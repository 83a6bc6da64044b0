// Types of test-infra.mjs (plain ESM, loaded by Jest's global setup outside its module system).

export type TestInfraMode = 'machine' | 'containers';

export declare const TEST_INFRA_MODES: readonly TestInfraMode[];
export declare const POSTGRES_IMAGE: string;
export declare const KAFKA_IMAGE: string;

export declare function testInfraMode(env?: Record<string, string | undefined>): TestInfraMode;

export interface StartedInfra {
  readonly databaseUrl: string;
  readonly brokers: string;
  stop(): Promise<void>;
}

export declare function startTestInfra(options?: {
  env?: Record<string, string | undefined>;
  probe?: () => Promise<void>;
  start?: () => Promise<StartedInfra>;
}): Promise<{ mode: TestInfraMode; stop(): Promise<void> }>;
