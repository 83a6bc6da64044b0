import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TwoFactorStatus } from '@cs/proto/http';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { agent } from '../testing/fixtures';
import { API } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { TwoFactorDialog } from './two-factor-dialog';

const off: TwoFactorStatus = { enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 };
const setup = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Atendimento:a%40b.c?secret=JBSWY3DPEHPK3PXP' };

describe('TwoFactorDialog', () => {
  it('turns two-step verification on: the QR code and key, the first code, then the recovery codes once', async () => {
    let status = off;
    const confirmed: unknown[] = [];
    server.use(
      http.get(`${API}/auth/two-factor`, () => HttpResponse.json(status)),
      http.post(`${API}/auth/two-factor/setup`, () => HttpResponse.json(setup)),
      http.post(`${API}/auth/two-factor/setup/confirm`, async ({ request }) => {
        confirmed.push(await request.json());
        status = { enabled: true, required: false, enabledAt: new Date().toISOString(), recoveryCodesLeft: 10 };
        return HttpResponse.json({ recoveryCodes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'] });
      }),
    );
    let closed = false;
    renderApp(<TwoFactorDialog onClose={() => (closed = true)} />, { user: agent });
    expect(await screen.findByText('Desativada')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(screen.getByTestId('two-factor-qr').getAttribute('data-otpauth')).toBe(setup.otpauthUrl);
    await userEvent.type(screen.getByRole('textbox', { name: /código/i }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('AAAA-BBBB-CCCC-DDDD')).toBeTruthy();
    expect(confirmed).toEqual([{ code: '123456' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Guardei os códigos' }));
    await waitFor(() => expect(closed).toBe(true));
  });

  it('generates new recovery codes after a code or the password, shows them once, with copy and download', async () => {
    let status: TwoFactorStatus = {
      enabled: true,
      required: false,
      enabledAt: '2026-01-02T10:00:00.000Z',
      recoveryCodesLeft: 3,
    };
    const proofs: unknown[] = [];
    server.use(
      http.get(`${API}/auth/two-factor`, () => HttpResponse.json(status)),
      http.post(`${API}/auth/two-factor/recovery-codes`, async ({ request }) => {
        const body = (await request.json()) as { code?: string; password?: string };
        proofs.push(body);
        if (body.password === 'errada') {
          return HttpResponse.json(
            {
              error: 'ERR_VALIDATION',
              message: 'Dados inválidos',
              details: [{ path: 'password', message: 'Senha incorreta' }],
            },
            { status: 400 },
          );
        }
        status = { ...status, recoveryCodesLeft: 10 };
        return HttpResponse.json({ recoveryCodes: ['QQQQ-RRRR-SSSS-TTTT', 'UUUU-VVVV-WWWW-XXXX'] });
      }),
    );
    const saved: string[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => saved.push(text));
      return 'blob:codes';
    });
    const files: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    try {
      let closed = false;
      renderApp(<TwoFactorDialog onClose={() => (closed = true)} />, { user: agent });
      expect(await screen.findByText('3 códigos de recuperação restantes')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Gerar novos códigos de recuperação' }));
      const form = within(screen.getByTestId('recovery-regenerate-form'));
      const confirm = form.getByRole('button', { name: 'Gerar novos códigos de recuperação' });
      expect(confirm.hasAttribute('disabled')).toBe(true);

      // a wrong password: told, nothing shown
      await userEvent.type(form.getByLabelText('Senha'), 'errada');
      await userEvent.click(confirm);
      expect(await screen.findByText('Senha incorreta')).toBeTruthy();
      expect(screen.queryByTestId('recovery-codes')).toBeNull();

      // the authenticator's code instead
      await userEvent.clear(form.getByLabelText('Senha'));
      await userEvent.type(form.getByRole('textbox', { name: 'Código' }), '654 321');
      await userEvent.click(confirm);
      expect(await screen.findByText('QQQQ-RRRR-SSSS-TTTT')).toBeTruthy();
      expect(screen.getByText('UUUU-VVVV-WWWW-XXXX')).toBeTruthy();
      expect(proofs).toEqual([{ password: 'errada' }, { code: '654 321' }]);

      await userEvent.click(screen.getByRole('button', { name: 'Baixar' }));
      await waitFor(() => expect(saved).toEqual(['QQQQ-RRRR-SSSS-TTTT\nUUUU-VVVV-WWWW-XXXX\n']));
      expect(files).toEqual(['codigos-de-recuperacao.txt']);
      await userEvent.click(screen.getByRole('button', { name: 'Guardei os códigos' }));
      await waitFor(() => expect(closed).toBe(true));
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
  });

  it('offers no way off while two-step verification is required', async () => {
    server.use(
      http.get(`${API}/auth/two-factor`, () =>
        HttpResponse.json({
          enabled: true,
          required: true,
          enabledAt: '2026-01-02T10:00:00.000Z',
          recoveryCodesLeft: 7,
        }),
      ),
    );
    renderApp(<TwoFactorDialog onClose={() => undefined} />, { user: agent });
    expect(await screen.findByText('Obrigatória para a sua conta')).toBeTruthy();
    expect(screen.getByText('7 códigos de recuperação restantes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Desativar' })).toBeNull();
  });
});
