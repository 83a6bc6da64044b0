// Editing a sent message against the real stack (tickets, the connector's simulator as the contact's phone, the
// gateway's socket, Chromium): the agent corrects a reply from the message menu, the contact's phone shows the
// new text, and the agent's bubble says "Editada".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const AGENT = { email: 'agente@demo.local', password: 'demo12345' };

const walk = useWalk({ page: true });

describe('editing a sent message', () => {
  it('changes the text on the contact phone and marks the bubble edited', async () => {
    const agent = walk.page;
    await walk.signIn(agent, AGENT, '**/tickets');
    await agent.getByTestId('tickets-manager').waitFor();
    const api = walk.api(agent);

    const number = `551197${String(Date.now()).slice(-7)}`;
    const from = { number, name: 'Cliente Edição' };
    const says = (body) => api('POST', `/simulator/connections/${CONNECTION}/messages`, { from, kind: 'text', body });
    const phone = () => api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`);
    const onPhone = (pattern) =>
      eventually(async () => (await phone()).find((m) => pattern.test(m.content?.body ?? '')), `the phone: ${pattern}`);

    await says('Oi, qual o horário da entrega?');
    await onPhone(/\[ 1 \]/);
    await says('1');
    await agent.getByTestId('tab-pending').click();
    const item = agent
      .getByTestId('tickets-list-pending')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente Edição' });
    await item.getByRole('button', { name: 'Aceitar' }).click({ timeout: 30_000 });
    await agent.getByTestId('ticket-chat').waitFor();

    await agent.getByTestId('message-textarea').fill('Entregamos às 9h.');
    await agent.getByTestId('message-textarea').press('Enter');
    const sent = await onPhone(/Entregamos às 9h/);

    // the reply is accepted by WhatsApp (one tick), then the agent corrects it from the message menu
    const bubble = agent
      .locator('[data-testid="message"][data-from-me="true"]')
      .filter({ hasText: 'Entregamos às 9h.' });
    await bubble.locator('[data-ack="sent"], [data-ack="received"], [data-ack="read"]').waitFor({ timeout: 30_000 });
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Opções da mensagem' }).click();
    await agent.getByRole('menuitem', { name: 'Editar' }).click();
    const dialog = agent.getByTestId('edit-message-dialog');
    const box = dialog.getByRole('textbox');
    assert.match(await box.inputValue(), /Entregamos às 9h\.$/);
    await box.fill((await box.inputValue()).replace('9h', '10h'));
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });

    const edited = await eventually(
      async () => (await phone()).find((m) => m.messageId === sent.messageId && m.editedAt),
      'the phone to show the edit',
    );
    assert.match(edited.content.body, /Entregamos às 10h\.$/);
    const updated = agent
      .locator('[data-testid="message"][data-from-me="true"]')
      .filter({ hasText: 'Entregamos às 10h.' });
    await updated.getByText('Editada').waitFor({ timeout: 30_000 });
    // the ticket list shows the corrected text as the last message
    await agent
      .getByTestId('tickets-list-open')
      .getByTestId('ticket-item')
      .filter({ hasText: 'Cliente Edição' })
      .getByText(/Entregamos às 10h\./)
      .waitFor({ timeout: 30_000 });
    await screenshot(agent, 'message-edited');
  });
});
