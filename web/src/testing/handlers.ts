import { http, HttpResponse } from 'msw';
import type { AuthResponse, Plan, QuickMessage } from '../api/types';
import { agent, fakeJwt } from './fixtures';

/** The gateway as the browser sees it (proxied under /api), speaking the spec's wire contract. */
export const API = 'http://localhost:3000/api';

export const plans: Plan[] = [
  { id: 1, name: 'Básico', users: 3, connections: 1, queues: 2, value: 99.9, useSchedules: true },
  { id: 2, name: 'Profissional', users: 10, connections: 3, queues: 10, value: '199.90', useSchedules: true },
];

export const quickMessages: QuickMessage[] = [
  { id: 1, shortcode: 'bomdia', message: 'Bom dia! Em que posso ajudar você hoje? Estamos à disposição.' },
  { id: 2, shortcode: 'boleto', message: 'Segue o boleto.' },
];

export function authResponse(user = agent): AuthResponse {
  return { token: fakeJwt(Math.floor(Date.now() / 1000) + 900), user };
}

export const handlers = [
  http.get(`${API}/plans/list`, () => HttpResponse.json(plans)),
  http.get(`${API}/plans`, () => HttpResponse.json({ plans, count: plans.length, hasMore: false })),
  http.post(`${API}/auth/refresh_token`, () => HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 })),
  http.post(`${API}/auth/login`, async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.email === agent.email && body.password === 'demo12345') return HttpResponse.json(authResponse());
    return HttpResponse.json({ error: 'ERR_INVALID_CREDENTIALS' }, { status: 401 });
  }),
  http.get(`${API}/quick-messages/list`, () => HttpResponse.json(quickMessages)),
  http.get(`${API}/companies/listPlan/:id`, () => HttpResponse.json({ plan: { useSchedules: true } })),
  // ratings off and a connection without a farewell: ending a ticket sends the contact nothing
  http.get(`${API}/settings`, () => HttpResponse.json([{ key: 'userRating', value: 'disabled' }])),
  http.get(`${API}/whatsapp`, () =>
    HttpResponse.json([{ id: 1, name: 'WhatsApp Demo', status: 'CONNECTED', isDefault: true, complationMessage: '' }]),
  ),
  // the chat input reads its connection's provider (no 24-hour window but on the Cloud API) and the chat's messages
  http.get(`${API}/whatsapp/:id`, ({ params }) =>
    HttpResponse.json({ id: Number(params['id']), name: 'WhatsApp Demo', status: 'CONNECTED', provider: 'simulator' }),
  ),
  http.get(`${API}/messages/:ticketId`, () => HttpResponse.json({ messages: [], count: 0, hasMore: false })),
  // no ticket near or past a service-level target
  http.get(`${API}/ai-assist/settings`, () =>
    HttpResponse.json({ configured: false, baseUrl: '', apiKey: '', model: '' }),
  ),
  http.get(`${API}/queue`, () => HttpResponse.json([])),
  http.get(`${API}/service-levels/at-risk`, () => HttpResponse.json([])),
  http.get(`${API}/service-levels`, () => HttpResponse.json([])),
  http.get(`${API}/reports`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    return HttpResponse.json({
      from: params.get('from'),
      to: params.get('to'),
      groupBy: 'none',
      period: 'total',
      timezone: 'America/Sao_Paulo',
      buckets: [],
      rows: [],
    });
  }),
];
