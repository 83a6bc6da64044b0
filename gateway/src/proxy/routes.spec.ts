import { accessFor, catalogueRouteFor, isPublic, planFlagFor, reachableWhenExpired, routeFor } from './routes.js';

describe('gateway routes', () => {
  it('routes every prefix of the spec to its owner, and nothing else', () => {
    expect(routeFor('/users/list')?.service).toBe('identity');
    expect(routeFor('/tickets/u/abc')?.service).toBe('tickets');
    expect(routeFor('/ticket/kanban')?.service).toBe('tickets');
    expect(routeFor('/contact-list-items/3')?.service).toBe('contacts');
    expect(routeFor('/whatsappsession/1')?.service).toBe('whatsapp-connector');
    expect(routeFor('/api/messages/send')?.service).toBe('tickets');
    expect(routeFor('/usersx')).toBeUndefined();
    expect(routeFor('/internal/presence')).toBeUndefined();
  });

  it('matches literal segments before parameters', () => {
    expect(catalogueRouteFor('GET', '/users/list')?.path).toBe('/users/list');
    expect(catalogueRouteFor('GET', '/users/7')?.path).toBe('/users/{id}');
    expect(catalogueRouteFor('GET', '/companies/listPlan/3')?.path).toBe('/companies/listPlan/{id}');
  });

  it('takes access rules from the catalogue; unknown paths under a prefix need a user', () => {
    expect(isPublic('POST', '/auth/login')).toBe(true);
    expect(isPublic('GET', '/plans/list')).toBe(true);
    expect(isPublic('GET', '/plans')).toBe(false);
    expect(isPublic('POST', '/subscription/webhook/pix')).toBe(true);
    expect(accessFor('DELETE', '/users/3')).toBe('admin');
    expect(accessFor('PUT', '/users/3')).toBe('user');
    expect(accessFor('GET', '/companies')).toBe('super');
    expect(accessFor('GET', '/tickets/9/anything-new')).toBe('user');
  });

  it('maps plan-gated prefixes to their flags and keeps expired companies to billing and sign-in', () => {
    expect(planFlagFor('/campaigns/3/cancel')).toBe('useCampaigns');
    for (const path of ['/files', '/files/list', '/files/3', '/files/uploadList/3'])
      expect(planFlagFor(path)).toBe('useCampaigns');
    expect(planFlagFor('/tags/kanban')).toBe('useKanban');
    expect(planFlagFor('/tags')).toBeUndefined();
    expect(planFlagFor('/prompt/2')).toBe('useOpenAi');
    for (const path of ['/ai-assist/settings', '/ai-assist/tickets/5/summary', '/AI-Assist/tickets/5/suggestion'])
      expect(planFlagFor(path)).toBe('useOpenAi');
    expect(routeFor('/ai-assist/tickets/5/summary')?.service).toBe('tickets');
    expect(accessFor('PUT', '/ai-assist/settings')).toBe('admin');
    expect(accessFor('POST', '/ai-assist/tickets/5/suggestion')).toBe('user');
    for (const path of ['/auth/me', '/invoices/all', '/subscription', '/plans/list'])
      expect(reachableWhenExpired(path)).toBe(true);
    for (const path of ['/tickets', '/users', '/companies/listPlan/3']) expect(reachableWhenExpired(path)).toBe(false);
  });

  it('gates whatever the letter case or percent-encoding (the services route case-sensitively)', () => {
    for (const path of ['/ticket/Kanban', '/TAGS/KANBAN', '/tags/%4Banban', '/Ticket-Tags/1/2'])
      expect(planFlagFor(path)).toBe('useKanban');
    expect(planFlagFor('/Prompt')).toBe('useOpenAi');
    expect(accessFor('GET', '/COMPANIES')).toBe('super');
    expect(accessFor('DELETE', '/Users/3')).toBe('admin');
  });
});
