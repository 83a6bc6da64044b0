import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ServiceLevelFields } from './service-level-fields';

describe("a queue's service-level targets", () => {
  it('start from the stored targets and save the new ones, blank as none, on the clock when unticked', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(`${API}/service-levels`, () =>
        HttpResponse.json([
          { queueId: 3, name: 'Suporte', firstResponseMinutes: 15, resolutionHours: 8, businessHours: true },
        ]),
      ),
      http.put(`${API}/service-levels/3`, async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json({ queueId: 3, name: 'Suporte', ...(body as object) });
      }),
    );
    renderApp(<ServiceLevelFields queueId={3} />, { user: admin });
    const minutes = await screen.findByRole('spinbutton', { name: 'Primeira resposta em até (minutos)' });
    expect((minutes as HTMLInputElement).value).toBe('15');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '5');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Resolução em até (horas)' }));
    const businessHours = screen.getByRole('checkbox', { name: 'Contar só o horário de atendimento' });
    expect((businessHours as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByText('Contar só o horário de atendimento'));
    await userEvent.click(screen.getByTestId('service-level-save'));
    await screen.findByText('Fila salva com sucesso.');
    expect(saved).toEqual([{ firstResponseMinutes: 5, resolutionHours: null, businessHours: false }]);
  });
});
