import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../testing/fixtures';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { AssistSettingsCard } from './assist-settings-card';

describe("the agents' AI assistant settings", () => {
  it('saves the endpoint, shows the key masked and the server’s field errors', async () => {
    let stored = { configured: false, baseUrl: '', apiKey: '', model: '' };
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/ai-assist/settings`, () => HttpResponse.json(stored)),
      http.put(`${API}/ai-assist/settings`, async ({ request }) => {
        const body = (await request.json()) as { baseUrl: string; apiKey: string; model: string };
        sent.push(body);
        if (body.baseUrl.includes('169.254')) {
          return HttpResponse.json(
            { error: 'ERR_VALIDATION', details: [{ path: 'baseUrl', message: 'Endereço não permitido' }] },
            { status: 400 },
          );
        }
        stored = { configured: true, baseUrl: body.baseUrl, apiKey: '********3456', model: body.model };
        return HttpResponse.json(stored);
      }),
    );
    renderApp(<AssistSettingsCard />, { user: admin });
    expect(await screen.findByText(/Não configurado/)).toBeTruthy();
    await fill(screen.getByTestId('assist-baseUrl'), 'http://169.254.169.254/v1');
    await fill(screen.getByTestId('assist-apiKey'), 'sk-empresa-123456');
    await fill(screen.getByTestId('assist-model'), 'llama3.1');
    await userEvent.click(screen.getByTestId('assist-save'));
    expect(await screen.findByText('Endereço não permitido')).toBeTruthy();

    await fill(screen.getByTestId('assist-baseUrl'), 'https://llm.loja.com.br/v1');
    await userEvent.click(screen.getByTestId('assist-save'));
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('assist-apiKey').value).toBe('********3456'));
    expect(sent.at(-1)).toEqual({
      baseUrl: 'https://llm.loja.com.br/v1',
      apiKey: 'sk-empresa-123456',
      model: 'llama3.1',
    });
    expect(screen.getByText('Configurado')).toBeTruthy();
  });

  it('cannot be edited before the stored settings arrive, so their arrival replaces nothing typed', async () => {
    let answer: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${API}/ai-assist/settings`, async () => {
        await arrived;
        return HttpResponse.json({ configured: false, baseUrl: '', apiKey: '', model: '' });
      }),
    );
    renderApp(<AssistSettingsCard />, { user: admin });
    const baseUrl = await screen.findByTestId<HTMLInputElement>('assist-baseUrl');
    expect(baseUrl.disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('assist-save').disabled).toBe(true);
    expect(screen.queryByText(/Não configurado/)).toBeNull();

    answer();
    expect(await screen.findByText(/Não configurado/)).toBeTruthy();
    await waitFor(() => expect(baseUrl.disabled).toBe(false));
    await fill(baseUrl, 'https://llm.loja.com.br/v1');
    expect(baseUrl.value).toBe('https://llm.loja.com.br/v1');
  });
});
