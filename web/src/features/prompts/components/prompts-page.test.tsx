import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../testing/fixtures';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { PromptsPage } from './prompts-page';

const prompt = {
  id: 7,
  name: 'Atendente virtual',
  prompt: 'Você é a assistente da loja.',
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  maxTokens: 300,
  temperature: 1,
  apiKey: '********wxyz',
  queueId: 3,
  maxMessages: 10,
  queue: { id: 3, name: 'Vendas', color: '#2196f3' },
};

describe('the prompts page', () => {
  it('shows the credit warning and the name, queue and max tokens of each prompt', async () => {
    server.use(http.get(`${API}/prompt`, () => HttpResponse.json({ prompts: [prompt], count: 1, hasMore: false })));
    renderApp(<PromptsPage />, { user: admin });
    const [row] = await screen.findAllByTestId('prompt-row');
    expect(within(row!).getByText('Atendente virtual')).toBeTruthy();
    expect(within(row!).getByText('Vendas')).toBeTruthy();
    expect(within(row!).getByText('300')).toBeTruthy();
    expect(screen.getByTestId('prompts-warning').textContent).toContain('créditos de IA de terceiros');
  });

  it("requires the queue ('Informe o setor') and saves with the defaults", async () => {
    const posted: unknown[] = [];
    server.use(
      http.get(`${API}/prompt`, () => HttpResponse.json({ prompts: [], hasMore: false })),
      http.get(`${API}/queue`, () => HttpResponse.json([{ id: 3, name: 'Vendas', color: '#2196f3' }])),
      http.post(`${API}/prompt`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ ...prompt, id: 8 });
      }),
    );
    const user = userEvent.setup();
    renderApp(<PromptsPage />, { user: admin });
    await user.click(await screen.findByRole('button', { name: /Adicionar prompt/ }));
    const dialog = await screen.findByTestId('prompt-dialog');
    await fill(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Atendente');
    await fill(within(dialog).getByRole('textbox', { name: 'Prompt' }), 'Seja gentil.');
    await fill(within(dialog).getByLabelText('Chave da API'), 'sk-123');
    await user.click(within(dialog).getByTestId('dialog-save'));
    expect(await within(dialog).findByText('Informe o setor')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: 'Vendas' })).toHaveLength(1));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Setor' }), '3');
    await user.click(within(dialog).getByTestId('dialog-save'));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          name: 'Atendente',
          prompt: 'Seja gentil.',
          apiKey: 'sk-123',
          queueId: 3,
          maxTokens: 100,
          temperature: 1,
          maxMessages: 10,
          voice: 'texto',
          voiceKey: '',
          voiceRegion: '',
        },
      ]),
    );
  }, 40_000);

  it('shows the server message after a delete', async () => {
    server.use(
      http.get(`${API}/prompt`, () => HttpResponse.json({ prompts: [prompt], hasMore: false })),
      http.delete(`${API}/prompt/7`, () => HttpResponse.json({ message: 'Prompt deleted' })),
    );
    const user = userEvent.setup();
    renderApp(<PromptsPage />, { user: admin });
    const [row] = await screen.findAllByTestId('prompt-row');
    await user.click(within(row!).getByRole('button', { name: 'Excluir Atendente virtual' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }));
    expect((await screen.findByTestId('toast-info')).textContent).toContain('Prompt deleted');
  });
});
