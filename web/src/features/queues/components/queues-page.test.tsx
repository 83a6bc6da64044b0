import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../testing/fixtures';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { DEFAULT_SCHEDULES } from '../utils/queue-form';
import { QueuesPage } from './queues-page';

const vendas = {
  id: 1,
  name: 'Vendas',
  color: '#2196f3',
  orderQueue: 1,
  greetingMessage: 'Olá! Bem-vindo a Vendas',
  outOfHoursMessage: '',
  schedules: DEFAULT_SCHEDULES,
  integrationId: null,
  promptId: null,
  mediaName: null,
};

function stub(scheduleType: string, sent: Array<{ method: string; url: string; body: unknown }>) {
  const options: Array<Record<string, unknown>> = [];
  server.use(
    http.get(`${API}/queue`, () => HttpResponse.json([vendas])),
    http.get(`${API}/settings`, () => HttpResponse.json([{ key: 'scheduleType', value: scheduleType }])),
    http.get(`${API}/prompt`, () => HttpResponse.json({ prompts: [{ id: 4, name: 'Atendente IA' }] })),
    http.get(`${API}/queueIntegration`, () => HttpResponse.json({ queueIntegrations: [] })),
    http.get(`${API}/queue-options`, ({ request }) => {
      const parent = new URL(request.url).searchParams.get('parentId');
      return HttpResponse.json(options.filter((o) => `${(o.parentId as number | null) ?? -1}` === parent));
    }),
    http.post(`${API}/queue-options`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ method: 'POST', url: '/queue-options', body });
      const option = { ...body, id: options.length + 10, parentId: body.parentId === -1 ? null : body.parentId };
      options.push(option);
      return HttpResponse.json(option);
    }),
    http.put(`${API}/queue/:id`, async ({ request, params }) => {
      const body = await request.json();
      sent.push({ method: 'PUT', url: `/queue/${String(params.id)}`, body });
      return HttpResponse.json({ ...vendas, ...(body as object) });
    }),
  );
}

describe('the queues page', () => {
  it('lists colour, order and greeting', async () => {
    stub('disabled', []);
    renderApp(<QueuesPage />, { user: admin });
    const row = await screen.findByTestId('queue-row');
    expect(within(row).getByText('#2196f3')).toBeTruthy();
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(row).getByText('Olá! Bem-vindo a Vendas')).toBeTruthy();
  });

  it('shows the opening-hours tab only when scheduleType is queue, and saves edited hours', async () => {
    const sent: Array<{ method: string; url: string; body: unknown }> = [];
    stub('queue', sent);
    const user = userEvent.setup();
    renderApp(<QueuesPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Editar Vendas' }));
    const dialog = await screen.findByTestId('queue-dialog');
    await user.click(await within(dialog).findByRole('tab', { name: 'Horários de Atendimento' }));
    const saturdayEnd = within(dialog).getByLabelText('Sábado Fim');
    expect((saturdayEnd as HTMLInputElement).value).toBe('12:00');
    // the time picker's value as the browser reports it (its keystrokes are the browser's, not the dialog's)
    fireEvent.change(saturdayEnd, { target: { value: '14:00' } });
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent.map((s) => s.method)).toEqual(['PUT']));
    const body = sent[0]!.body as { schedules: Array<{ weekdayEn: string; endTime: string }> };
    expect(body.schedules.find((d) => d.weekdayEn === 'saturday')?.endTime).toBe('14:00');
    expect(body.schedules.find((d) => d.weekdayEn === 'monday')?.endTime).toBe('18:00');
  });

  it('has no opening-hours tab for other schedule types', async () => {
    stub('company', []);
    const user = userEvent.setup();
    renderApp(<QueuesPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Editar Vendas' }));
    const dialog = await screen.findByTestId('queue-dialog');
    await within(dialog).findByRole('tab', { name: 'Dados da Fila' });
    expect(within(dialog).queryByRole('tab', { name: 'Horários de Atendimento' })).toBeNull();
  });

  it('adds a chatbot option and a sub-option under it', async () => {
    const sent: Array<{ method: string; url: string; body: unknown }> = [];
    stub('disabled', sent);
    const user = userEvent.setup();
    renderApp(<QueuesPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Editar Vendas' }));
    const dialog = await screen.findByTestId('queue-dialog');
    await user.click(await within(dialog).findByTestId('option-add'));
    const card = await within(dialog).findByTestId('option-card');
    await fill(within(card).getByRole('textbox', { name: /Título/ }), 'Planos');
    await fill(within(card).getByRole('textbox', { name: 'Mensagem' }), 'Escolha um plano');
    await user.click(within(card).getByRole('button', { name: 'Salvar opção' }));
    await waitFor(() =>
      expect(sent[0]?.body).toEqual({
        queueId: 1,
        parentId: -1,
        option: '1',
        title: 'Planos',
        message: 'Escolha um plano',
      }),
    );
    const saved = await waitFor(() => {
      const cards = within(dialog).getAllByTestId('option-card');
      expect(cards).toHaveLength(1);
      expect(within(cards[0]!).queryByText(/não salva/)).toBeNull();
      return cards[0]!;
    });
    await user.click(within(saved).getByTestId('option-children'));
    const levels = within(saved).getAllByTestId('options-level');
    await user.click(within(levels[0]!).getByTestId('option-add'));
    const child = await within(levels[0]!).findByTestId('option-card');
    await fill(within(child).getByRole('textbox', { name: /Título/ }), 'Básico');
    await user.click(within(child).getByRole('button', { name: 'Salvar opção' }));
    await waitFor(() =>
      expect(sent[1]?.body).toMatchObject({ queueId: 1, parentId: 10, option: '1', title: 'Básico' }),
    );
  });

  it('starts a new queue with a colour no queue of the company uses, so the first save is accepted', async () => {
    const sent: Array<{ method: string; url: string; body: unknown }> = [];
    stub('disabled', sent);
    server.use(
      http.post(`${API}/queue`, async ({ request }) => {
        const body = (await request.json()) as { color: string };
        sent.push({ method: 'POST', url: '/queue', body });
        if (body.color.toLowerCase() === vendas.color)
          return HttpResponse.json({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }, { status: 409 });
        return HttpResponse.json({ ...vendas, ...body, id: 2 });
      }),
    );
    const user = userEvent.setup();
    renderApp(<QueuesPage />, { user: admin });
    await screen.findByTestId('queue-row');
    await user.click(screen.getByRole('button', { name: 'Adicionar fila' }));
    const dialog = await screen.findByTestId('queue-dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Suporte');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() => expect(sent.map((s) => s.method)).toEqual(['POST']));
    const body = sent[0]!.body as { name: string; color: string };
    expect(body.name).toBe('Suporte');
    expect(body.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(body.color.toLowerCase()).not.toBe(vendas.color);
    expect(screen.queryByTestId('toast-error')).toBeNull();
  });

  it('explains a refused delete with the spec’s 409 text', async () => {
    stub('disabled', []);
    server.use(
      http.delete(`${API}/queue/:id`, () => HttpResponse.json({ error: 'ERR_QUEUE_IN_USE' }, { status: 409 })),
    );
    const user = userEvent.setup();
    renderApp(<QueuesPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Excluir Vendas' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Não foi possível excluir. Verifique se há PROMPT ou INTEGRAÇÃO vinculados.',
    );
  });
});
