import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '../../../testing/fill';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { SignupForm } from './signup-form';

const routes = [
  { path: '/signup', element: <SignupForm /> },
  { path: '/login', element: <p>login page</p> },
];

describe('SignupForm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows plan cards, masks the phone and posts the spec body', async () => {
    // an afternoon (UTC) clock: the trial's due day is 3 calendar days ahead whatever the hour (only Date is faked)
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-10T15:30:00Z') });
    let posted: Record<string, unknown> | null = null;
    server.use(
      http.post(`${API}/companies/cadastro`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    renderApp(null, { path: '/signup?companyId=7', routes });
    expect(await screen.findByText('Profissional')).toBeTruthy();
    expect(screen.getByText('R$ 199,90')).toBeTruthy();
    await fill(screen.getByRole('textbox', { name: /nome da empresa/i }), 'Padaria Pão Quente');
    await fill(screen.getByRole('textbox', { name: /seu nome/i }), 'Joaquim Padeiro');
    await fill(screen.getByRole('textbox', { name: /email/i }), 'Dono@Padaria.com');
    const phone = screen.getByRole('textbox', { name: /telefone/i });
    await userEvent.type(phone, '11987654321');
    expect((phone as HTMLInputElement).value).toBe('(11) 98765-4321');
    await fill(screen.getByLabelText(/senha/i), 'segredo1');
    await userEvent.click(screen.getByText('Profissional'));
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(posted).toMatchObject({
      name: 'Padaria Pão Quente',
      userName: 'Joaquim Padeiro',
      email: 'dono@padaria.com',
      phone: '11987654321',
      planId: 2,
      recurrence: 'MENSAL',
      status: 't',
      campaignsEnabled: true,
      companyId: 7,
    });
    expect(posted!.dueDate).toBe('2026-03-13');
  });

  it("shows the server's refusal of a phone that already had its trial under the phone field", async () => {
    const message = 'Este telefone já usou o período de teste. Entre em contato para contratar um plano.';
    server.use(
      http.post(`${API}/companies/cadastro`, () =>
        HttpResponse.json(
          { error: 'ERR_VALIDATION', message: `phone: ${message}`, details: [{ path: 'phone', message }] },
          { status: 400 },
        ),
      ),
    );
    renderApp(null, { path: '/signup', routes });
    await screen.findByText('Profissional');
    await userEvent.type(screen.getByRole('textbox', { name: /nome da empresa/i }), 'Padaria Pão Quente');
    await userEvent.type(screen.getByRole('textbox', { name: /seu nome/i }), 'Joaquim Padeiro');
    await userEvent.type(screen.getByRole('textbox', { name: /email/i }), 'dono@padaria.com');
    await userEvent.type(screen.getByRole('textbox', { name: /telefone/i }), '11987654321');
    await userEvent.type(screen.getByLabelText(/senha/i), 'segredo1');
    await userEvent.click(screen.getByText('Profissional'));
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('shows the validation messages and sends nothing', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/companies/cadastro`, () => {
        calls++;
        return HttpResponse.json({});
      }),
    );
    renderApp(null, { path: '/signup', routes });
    await screen.findByText('Básico');
    await fill(screen.getByRole('textbox', { name: /nome da empresa/i }), 'A');
    await fill(screen.getByRole('textbox', { name: /email/i }), 'nao-e-email');
    await userEvent.type(screen.getByRole('textbox', { name: /telefone/i }), '119');
    await fill(screen.getByLabelText(/senha/i), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Nome precisa ter ao menos 3 caracteres!')).toBeTruthy();
    expect(screen.getByText('Email inválido')).toBeTruthy();
    expect(screen.getByText('Telefone inválido. Exemplo: (99) 99999-9999')).toBeTruthy();
    expect(screen.getByText('Senha muito curta!')).toBeTruthy();
    expect(screen.getByText('Selecione um plano')).toBeTruthy();
    // the person's name is asked for (the admin is greeted by it, not by the company's name)
    expect(screen.getByText('Campo obrigatório')).toBeTruthy();
    await waitFor(() => expect(calls).toBe(0));
  });

  it('shows a server error code translated', async () => {
    server.use(
      http.post(`${API}/companies/cadastro`, () =>
        HttpResponse.json({ error: 'ERR_COMPANY_NAME_ALREADY_EXISTS' }, { status: 409 }),
      ),
    );
    renderApp(null, { path: '/signup', routes });
    await screen.findByText('Básico');
    await fill(screen.getByRole('textbox', { name: /nome da empresa/i }), 'Empresa Demo');
    await fill(screen.getByRole('textbox', { name: /seu nome/i }), 'Maria');
    await fill(screen.getByRole('textbox', { name: /email/i }), 'x@y.com');
    await fill(screen.getByRole('textbox', { name: /telefone/i }), '1133334444');
    await fill(screen.getByLabelText(/senha/i), 'segredo1');
    await userEvent.click(screen.getByText('Básico'));
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Já existe uma empresa cadastrada com este nome.')).toBeTruthy();
  });
});
