// Issue 19's browser walk of the team's own tools against the full stack (every deployable as its own process,
// PostgreSQL, Kafka, the built client, Debian's Chromium): two agents chat live with unread badges, a ticket is
// dragged across kanban lanes while another agent's board follows, and the to-do list survives a reload.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eventually, screenshot } from './browser.mjs';
import { useWalk } from './walk.mjs';

const CONNECTION = 1; // the demo company's simulator connection (seeded CONNECTED)
const AGENT = { email: 'agente@demo.local', password: 'demo12345', name: 'Agente Demo' };
const ADMIN = { email: 'admin@demo.local', password: 'demo12345', name: 'Admin Demo' };

const walk = useWalk();

/** Drags with the mouse as a person would: press, move in steps (dnd-kit starts after 5 px), release once the lane lights up. */
async function drag(page, source, target) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  assert.ok(from && to, 'both ends of the drag are on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 25, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 20 });
  await target.and(page.locator('[data-over]')).waitFor();
  await page.mouse.up();
}

/**
 * Moves a card with the keyboard only: focus it, space picks it up, the arrow until the next lane lights up (a
 * person looks before pressing again; dnd-kit listens for the arrows from the task after the pick-up, which
 * Chromium may run after keys sent in the same instant), space drops it.
 */
async function keyboardMove(page, cardLocator, arrow, target) {
  const handle = cardLocator.locator('xpath=..');
  await handle.focus();
  await page.keyboard.press('Space');
  await page.getByTestId('kanban-drag-overlay').first().waitFor();
  const lit = target.and(page.locator('[data-over]'));
  await eventually(async () => {
    if ((await lit.count()) > 0) return true;
    await page.keyboard.press(arrow);
    return false;
  }, `the ${arrow} lane lit up`);
  await page.keyboard.press('Space');
  await page.getByTestId('kanban-drag-overlay').first().waitFor({ state: 'detached' });
}

describe("the team's own tools", () => {
  let admin;
  let agent;

  before(async () => {
    admin = await walk.person();
    agent = await walk.person();
    await walk.signIn(admin, ADMIN);
    await walk.signIn(agent, AGENT);
  });

  it('lets two agents chat live, with unread badges in the list and the top bar', async () => {
    await admin.goto(`${walk.stack.webUrl}/chats`);
    await agent.goto(`${walk.stack.webUrl}/chats`);
    await agent.getByTestId('chats-page').waitFor();

    // the spec's messages of the new-chat dialog, then a chat with the agent
    await admin.getByTestId('chat-new').click();
    const dialog = admin.getByTestId('chat-dialog');
    await dialog.getByTestId('dialog-save').click();
    await dialog.getByText('Por favor, preencha o título da conversa.').waitFor();
    await dialog.getByRole('textbox', { name: 'Título' }).fill('Escala do sábado');
    await dialog.getByTestId('dialog-save').click();
    await dialog.getByText('Por favor, selecione pelo menos um usuário.').waitFor();
    await dialog.getByText(AGENT.name, { exact: true }).click();
    await dialog.getByTestId('dialog-save').click();
    await dialog.waitFor({ state: 'detached' });
    await admin.waitForURL(/\/chats\/[0-9a-f-]{36}$/);

    // the new chat appears in the agent's list without a reload
    const agentItem = agent.getByTestId('chat-item').filter({ hasText: 'Escala do sábado' });
    await agentItem.waitFor({ timeout: 30_000 });

    await admin.getByTestId('chat-input').fill('Quem cobre a manhã?');
    await admin.getByTestId('chat-input').press('Enter');
    await admin.getByTestId('chat-messages').getByText('Quem cobre a manhã?').waitFor();
    // the agent's list shows the unread badge and the top bar counts the unread chat, live
    await agentItem.getByTestId('chat-unread').filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
    await agent.getByTestId('chat-popover-count').filter({ hasText: '1' }).waitFor();
    await agent.getByTestId('chat-popover').click();
    await agent.getByTestId('chat-popover-item').filter({ hasText: 'Escala do sábado' }).waitFor();
    await agent.keyboard.press('Escape');
    await screenshot(agent, 'chat-unread');

    // opening the chat marks it read; the reply reaches the admin's open chat live
    await agentItem.click();
    await agent.getByTestId('chat-messages').getByText('Quem cobre a manhã?').waitFor();
    await agentItem.getByTestId('chat-unread').waitFor({ state: 'detached' });
    await agent.getByTestId('chat-popover-count').waitFor({ state: 'detached' });
    // a blank message is ignored; the agent is not the owner, so no edit or delete buttons
    await agent.getByTestId('chat-input').fill('   ');
    await agent.getByTestId('chat-input').press('Enter');
    await agent.getByTestId('chat-input').fill('Eu cubro!');
    await agent.getByTestId('chat-input').press('Enter');
    assert.equal(await agent.getByRole('button', { name: 'Excluir Escala do sábado' }).count(), 0);
    await admin.getByTestId('chat-messages').getByText('Eu cubro!').waitFor({ timeout: 30_000 });
    await screenshot(admin, 'chat-live');
    const messages = await eventually(async () => {
      const chats = await walk.api(admin)('GET', '/chats');
      const chat = chats.records.find((record) => record.title === 'Escala do sábado');
      return chat && (await walk.api(admin)('GET', `/chats/${chat.id}/messages`));
    }, 'the stored messages');
    assert.deepEqual(
      messages.records.map((record) => record.message),
      ['Quem cobre a manhã?', 'Eu cubro!'],
    );
    // the admin is reading this chat: no unread badge for them
    assert.equal(await admin.getByTestId('chat-item').getByTestId('chat-unread').count(), 0);

    // the owner deletes the chat: it leaves the agent's list too
    await admin.getByRole('button', { name: 'Excluir Escala do sábado' }).click();
    await admin.getByRole('button', { name: 'Sim' }).click();
    await admin.waitForURL(/\/chats$/);
    await agentItem.waitFor({ state: 'detached', timeout: 30_000 });
  });

  it("moves a ticket across kanban lanes by drag and drop, and another agent's board follows", async () => {
    const api = walk.api(admin);
    const lane = await api('POST', '/tags', { name: 'Em negociação', color: '#ff9800', kanban: 1 });
    // a contact writes and picks Vendas: a pending ticket of the agent's queue
    const number = `551197${String(Date.now()).slice(-7)}`;
    const from = { number, name: 'Cliente Kanban' };
    const says = (body) => api('POST', `/simulator/connections/${CONNECTION}/messages`, { from, kind: 'text', body });
    await says('Oi, quero um orçamento');
    await eventually(
      async () =>
        (await api('GET', `/simulator/connections/${CONNECTION}/sent?chat=${number}`)).some((m) =>
          /\[ 1 \]/.test(m.content?.body ?? ''),
        ),
      'the chatbot menu',
    );
    await says('1');
    const ticket = await eventually(
      async () =>
        (await api('GET', '/tickets?status=pending&queueIds=[]')).tickets.find(
          (t) => t.contact.number === number && t.queueId === 1,
        ),
      'the ticket in Vendas',
    );

    await admin.goto(`${walk.stack.webUrl}/kanban`);
    await agent.goto(`${walk.stack.webUrl}/kanban`);
    const openLane = (page) => page.locator('[data-lane="lane-open"]');
    const tagLane = (page) => page.locator(`[data-lane="lane-${lane.id}"]`);
    const card = (page, where) => where(page).getByTestId('kanban-card').filter({ hasText: 'Cliente Kanban' });
    const loaded = (page) => page.locator('[data-testid="kanban-page"]:not([data-loading])').waitFor();
    await loaded(admin);
    await loaded(agent);
    await tagLane(agent).waitFor();
    // the first lane holds open tickets: this one waits in the inbox (pending) until the agent accepts it
    assert.equal(await card(admin, openLane).count(), 0);
    assert.equal(await card(agent, openLane).count(), 0);
    await walk.api(agent)('PUT', `/tickets/${ticket.id}`, { status: 'open' });
    // then it joins both boards live: the agent's own, and the admin's (who sees every open ticket)
    await card(admin, openLane).waitFor({ timeout: 30_000 });
    await card(agent, openLane).waitFor({ timeout: 30_000 });

    await drag(admin, card(admin, openLane), tagLane(admin));
    await admin.getByText('Ticket Tag Adicionado com Sucesso!').waitFor();
    await card(admin, tagLane).waitFor();
    // the other agent's board follows without a reload
    await card(agent, tagLane).waitFor({ timeout: 30_000 });
    await card(agent, openLane).waitFor({ state: 'detached' });
    await screenshot(agent, 'kanban-followed');
    const stored = (ticketId) => api('GET', `/tickets/${ticketId}`);
    const tagged = (ticketId, tagId) =>
      eventually(async () => (await stored(ticketId)).tags.some((tag) => tag.id === tagId), 'the stored tag');
    const untagged = (ticketId, tagId) =>
      eventually(async () => !(await stored(ticketId)).tags.some((tag) => tag.id === tagId), 'the tag removed');
    await tagged(ticket.id, lane.id);

    // back out of the lane into the first one with the mouse: the kanban tag goes, server-side too
    await drag(admin, card(admin, tagLane), openLane(admin));
    await admin.getByText('Ticket Tag Removido!').waitFor();
    await card(admin, openLane).waitFor();
    await card(agent, openLane).waitFor({ timeout: 30_000 });
    await card(agent, tagLane).waitFor({ state: 'detached' });
    await untagged(ticket.id, lane.id);

    // the same round trip with the keyboard only (dnd-kit's keyboard sensor: space picks up, arrows move, space drops)
    await keyboardMove(admin, card(admin, openLane), 'ArrowRight', tagLane(admin));
    await card(admin, tagLane).waitFor();
    await card(agent, tagLane).waitFor({ timeout: 30_000 });
    await tagged(ticket.id, lane.id);
    // the toast of this removal is looked for as soon as the card drops (a toast leaves after a few seconds, before a
    // busy machine's other boards have followed), once the mouse removal's toast has left
    const removedToast = admin.getByText('Ticket Tag Removido!');
    await eventually(async () => (await removedToast.count()) === 0, "the mouse removal's toast gone");
    await keyboardMove(admin, card(admin, tagLane), 'ArrowLeft', openLane(admin));
    await removedToast.waitFor();
    await card(admin, openLane).waitFor();
    await card(agent, openLane).waitFor({ timeout: 30_000 });
    await card(agent, tagLane).waitFor({ state: 'detached' });
    await untagged(ticket.id, lane.id);

    await card(admin, openLane).getByRole('button', { name: 'Ver ticket' }).click();
    await admin.waitForURL(`**/tickets/${ticket.uuid}`);
  });

  it('keeps the to-do list across a reload', async () => {
    await agent.goto(`${walk.stack.webUrl}/todolist`);
    const input = agent.getByLabel('Nova tarefa');
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('Retornar ao Cliente Kanban');
    await input.press('Enter');
    await input.fill('Conferir escala');
    await input.press('Enter');
    await agent.getByTestId('todo-item').first().getByLabel('Concluir').click({ force: true });
    await agent.getByTestId('todo-pending').filter({ hasText: '1 pendentes' }).waitFor();
    await agent.reload();
    await agent.getByTestId('todolist-page').waitFor();
    assert.equal(await agent.getByTestId('todo-item').count(), 2);
    await agent.getByTestId('todo-pending').filter({ hasText: '1 pendentes' }).waitFor();
    await agent.getByText('Somente pendentes').click();
    assert.equal(await agent.getByTestId('todo-item').count(), 1);
    assert.equal(
      await agent.getByTestId('todo-item').getByLabel('Editar tarefa').inputValue(),
      'Retornar ao Cliente Kanban',
    );
    await screenshot(agent, 'todolist');
  });
});
