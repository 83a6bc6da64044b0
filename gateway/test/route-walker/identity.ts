import type { CrossCompanyCase, CrossCompanyContext } from './cases.js';

/** Identity's routes that take an id: company A's admin using company B's ids gets B's "not found". */
export const identityCrossCompanyCases = (b: CrossCompanyContext): CrossCompanyCase[] => [
  { method: 'GET', path: `/users/${b.adminUserId}`, error: 'ERR_NO_USER_FOUND' },
  { method: 'PUT', path: `/users/${b.adminUserId}`, body: { name: 'Invasor' }, error: 'ERR_NO_USER_FOUND' },
  { method: 'DELETE', path: `/users/${b.adminUserId}`, error: 'ERR_NO_USER_FOUND' },
  { method: 'DELETE', path: `/users/${b.adminUserId}/two-factor`, error: 'ERR_NO_USER_FOUND' },
  { method: 'GET', path: `/audit-logs?companyId=${b.companyId}`, error: 'ERR_NO_COMPANY_FOUND' },
  { method: 'GET', path: `/audit-logs/actors?companyId=${b.companyId}`, error: 'ERR_NO_COMPANY_FOUND' },
  { method: 'GET', path: `/companies/${b.companyId}`, error: 'ERR_NO_COMPANY_FOUND' },
  { method: 'GET', path: `/companies/listPlan/${b.companyId}`, error: 'ERR_NO_COMPANY_FOUND' },
  {
    method: 'PUT',
    path: `/companies/${b.companyId}/schedules`,
    body: { schedules: [] },
    error: 'ERR_NO_COMPANY_FOUND',
  },
];
