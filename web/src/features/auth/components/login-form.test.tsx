import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../api/session';
import { API, authResponse } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { LoginForm } from './login-form';

const routes = [
  { path: '/login', element: <LoginForm /> },
  { path: '/tickets', element: <p>workspace</p> },
];

describe('LoginForm', () => {
  it('signs in, keeps the token with companyId and userId, and goes to /tickets', async () => {
    const { store } = renderApp(null, { path: '/login', routes });
    await userEvent.type(screen.getByRole('textbox', { name: /email/i }), 'agente@demo.local');
    await userEvent.type(screen.getByLabelText(/senha/i), 'demo12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('workspace')).toBeTruthy();
    expect(await screen.findByText('Login efetuado com sucesso!')).toBeTruthy();
    expect(store.getState().session.status).toBe('authenticated');
    expect(tokenStore.get()).toMatch(/^ey/);
    expect(window.localStorage.getItem('companyId')).toBe('2');
    expect(window.localStorage.getItem('userId')).toBe('3');
  });

  it('shows the spec message for invalid credentials and stays on the page', async () => {
    renderApp(null, { path: '/login', routes });
    await userEvent.type(screen.getByRole('textbox', { name: /email/i }), 'agente@demo.local');
    await userEvent.type(screen.getByLabelText(/senha/i), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(
      await screen.findByText('Credenciais de acesso inválida. Verifique seus dados e tente novamente.'),
    ).toBeTruthy();
    expect(screen.queryByText('workspace')).toBeNull();
  });

  it('warns that the session ended when opened with expired=true', async () => {
    renderApp(null, { path: '/login?expired=true', routes });
    expect(await screen.findByText('Sessão expirada. Por favor, faça login novamente.')).toBeTruthy();
  });

  it('says the account was signed in elsewhere when the session ended that way', async () => {
    renderApp(null, { path: '/login?reason=another-login', routes });
    expect(await screen.findByText('Sua conta foi acessada em outro computador.')).toBeTruthy();
    expect(screen.queryByText('Sessão expirada. Por favor, faça login novamente.')).toBeNull();
  });

  it('keeps the submit button off until both fields are filled', async () => {
    renderApp(null, { path: '/login', routes });
    const submit = screen.getByRole('button', { name: 'Entrar' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /email/i }), 'a@b.c');
    await userEvent.type(screen.getByLabelText(/senha/i), 'x');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  });

  it('asks for the authenticator code after the password, and signs in with it', async () => {
    const challenge = { challengeToken: 'challenge-token-0123456789abcdef', expiresIn: 300 };
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json(
          { error: 'ERR_TWO_FACTOR_REQUIRED', message: 'duas etapas', details: challenge },
          { status: 401 },
        ),
      ),
      http.post(`${API}/auth/two-factor/verify`, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push(body);
        return body.code === '123456'
          ? HttpResponse.json(authResponse())
          : HttpResponse.json({ error: 'ERR_TWO_FACTOR_INVALID_CODE' }, { status: 400 });
      }),
    );
    const { store } = renderApp(null, { path: '/login', routes });
    await userEvent.type(screen.getByRole('textbox', { name: /email/i }), 'agente@demo.local');
    await userEvent.type(screen.getByLabelText(/senha/i), 'demo12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    const code = await screen.findByRole('textbox', { name: /código/i });
    expect(store.getState().session.status).not.toBe('authenticated');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Código inválido ou já utilizado.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /código/i }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('workspace')).toBeTruthy();
    expect(sent).toEqual([
      { challengeToken: challenge.challengeToken, code: '000000' },
      { challengeToken: challenge.challengeToken, code: '123456' },
    ]);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('goes back to e-mail and password when the challenge expired', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json(
          {
            error: 'ERR_TWO_FACTOR_REQUIRED',
            details: { challengeToken: 'challenge-token-0123456789abcdef', expiresIn: 300 },
          },
          { status: 401 },
        ),
      ),
      http.post(`${API}/auth/two-factor/verify`, () =>
        HttpResponse.json({ error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' }, { status: 401 }),
      ),
    );
    const { store } = renderApp(null, { path: '/login', routes });
    await userEvent.type(screen.getByRole('textbox', { name: /email/i }), 'agente@demo.local');
    await userEvent.type(screen.getByLabelText(/senha/i), 'demo12345');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /código/i }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('A etapa de verificação expirou. Entre novamente com e-mail e senha.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeTruthy();
    expect(store.getState().session.status).not.toBe('expired');
  });
});
