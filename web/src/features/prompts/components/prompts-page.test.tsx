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

  it('shows a key to enter again on that prompt alone, and the last failure with its time', async () => {
    server.use(
      http.get(`${API}/prompt`, () =>
        HttpResponse.json({
          prompts: [
            { ...prompt, apiKey: '', keyUnreadable: true, lastError: null },
            {
              ...prompt,
              id: 8,
              name: 'Suporte IA',
              keyUnreadable: false,
              lastError: { at: '2026-12-05T14:30:00.000Z', message: 'OpenAI answered 429 (insufficient_quota)' },
            },
            { ...prompt, id: 9, name: 'Vendas IA', keyUnreadable: false, lastError: null },
          ],
          count: 3,
          hasMore: false,
        }),
      ),
      http.get(`${API}/queue`, () => HttpResponse.json([{ id: 3, name: 'Vendas', color: '#2196f3' }])),
    );
    const user = userEvent.setup();
    renderApp(<PromptsPage />, { user: admin });
    const [lost, failing, healthy] = await screen.findAllByTestId('prompt-row');
    expect(within(lost!).getByTestId('key-unreadable').textContent).toBe('Chave ilegível: informe a chave novamente');
    expect(within(lost!).queryByTestId('last-error')).toBeNull();
    expect(within(failing!).queryByTestId('key-unreadable')).toBeNull();
    const lastError = within(failing!).getByTestId('last-error').textContent ?? '';
    expect(lastError).toContain('OpenAI answered 429 (insufficient_quota)');
    expect(lastError).toMatch(/^Última falha em 05\/12\/26 \d{2}:30: /);
    expect(within(healthy!).queryByTestId('automation-status')).toBeNull();
    // editing it asks for the key again instead of keeping the stored one
    await user.click(within(lost!).getByRole('button', { name: 'Editar Atendente virtual' }));
    const dialog = await screen.findByTestId('prompt-dialog');
    expect(within(dialog).getByTestId('api-key-unreadable').textContent).toBe(
      'Chave ilegível: informe a chave novamente',
    );
  });
});
