import type { ErrorCode } from '@cs/proto/errors';
import { identityCrossCompanyCases } from './identity.js';

export interface CrossCompanyContext {
  /** Company B and its first admin (the signup's user). */
  readonly companyId: number;
  readonly adminUserId: number;
}

export interface CrossCompanyCase {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly body?: unknown;
  /** The resource's not-found code B's id must answer to A (never 403: no hint that it exists). */
  readonly error: ErrorCode;
}

/**
 * Per service, the calls with another company's ids. Each service adds its list here when it lands (tickets,
 * contacts, whatsapp-connector, ...); the route walker runs them all through the gateway.
 */
export const CROSS_COMPANY_CASES: ReadonlyArray<{
  readonly service: string;
  readonly cases: (b: CrossCompanyContext) => CrossCompanyCase[];
}> = [{ service: 'identity', cases: identityCrossCompanyCases }];
