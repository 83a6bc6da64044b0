/* HTTP bodies are JSON read through assertions */
/**
 * The chatbot through Kafka: the queue menu, valid and invalid answers, nested options with `0` and `#`, the
 * menu limit, out-of-hours by company and by queue, and a restart in the middle of a conversation (the state
 * is in the database).
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { SendMessage } from '@cs/proto/events';
import {
  type CompanySetup,
  contactSnapshot,
  inboundText,
  setupCompany,
  sharedHarness,
  updateConnection,
  week,
} from '../support/harness.js';

const harness = sharedHarness();

const textsTo = (companyId: number, number: string): string[] =>
  harness
    .eventsOf(companyId, SendMessage)
    .filter((event) => event.data.chatJid === `${number}@s.whatsapp.net`)
    .map(({ data: { content } }) => (content.kind === 'text' ? content.body : '[media]'));

async function say(setup: CompanySetup, contact: ReturnType<typeof contactSnapshot>, body: string): Promise<void> {
  await harness.publish(
    'contacts.inbound-message.resolved',
    setup.companyId,
    `${setup.connectionId}:${contact.number}`,
    inboundText(contact, setup.connectionId, body),
  );
}

async function expectReplies(companyId: number, number: string, expected: string[]): Promise<void> {
  await expectEventually(() => expect(textsTo(companyId, number)).toEqual(expected));
}

const MAIN = 'Olá Maria! Escolha uma opção:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const INVALID = 'Opção inválida, por favor, escolha uma opção válida.';
const SALES_ROOT =
  'Vendas: como podemos ajudar?\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Falar com um vendedor\n\n*[ # ]* - Menu inicial';
const PLANS =
  'Conheça nossos planos:\n\n*[ 1 ]* - Mensal\n*[ 2 ]* - Anual\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial';

async function company(
  settings: Record<string, string> = {},
  schedules = week(),
): Promise<CompanySetup & { sales: number; support: number }> {
  const setup = await setupCompany(harness, await nextCompanyId(), { settings, schedules });
  const sales = (
    await harness.http('POST', '/queue', setup.admin, {
      name: 'Vendas',
      color: '#2196f3',
      orderQueue: 1,
      greetingMessage: 'Vendas: como podemos ajudar?',
    })
  ).body.id as number;
  const support = (
    await harness.http('POST', '/queue', setup.admin, {
      name: 'Suporte',
      color: '#4caf50',
      orderQueue: 2,
      greetingMessage: 'Bem-vindo ao suporte, {{firstName}}.',
      outOfHoursMessage: 'O suporte atende de segunda a sexta.',
      schedules: week('00:00', '00:00'),
    })
  ).body.id as number;
  const plans = (
    await harness.http('POST', '/queue-options', setup.admin, {
      queueId: sales,
      title: 'Planos',
      option: '1',
      message: 'Conheça nossos planos:',
    })
  ).body.id as number;
  await harness.http('POST', '/queue-options', setup.admin, {
    queueId: sales,
    title: 'Falar com um vendedor',
    option: '2',
    message: 'Um vendedor já vai te atender.',
  });
  await harness.http('POST', '/queue-options', setup.admin, {
    queueId: sales,
    parentId: plans,
    title: 'Mensal',
    option: '1',
    message: 'Plano mensal: R$ 99,90.',
  });
  await harness.http('POST', '/queue-options', setup.admin, {
    queueId: sales,
    parentId: plans,
    title: 'Anual',
    option: '2',
    message: 'Plano anual: R$ 999,00.',
  });
  // Suporte first in the connection's list: the menu follows orderQueue, not this order
  await updateConnection(harness, setup, {
    queueIds: [support, sales],
    greetingMessage: 'Olá {{firstName}}! Escolha uma opção:',
    maxUseBotQueues: 3,
    outOfHoursMessage: 'Estamos fechados agora.',
  });
  return { ...setup, sales, support };
}

describe('the queue menu and the option tree', () => {
  it('walks menu, invalid answer, nested options, 0 and #, across a restart', async () => {
    const setup = await company();
    const maria = setup.contact;
    await say(setup, maria, 'oi');
    await expectReplies(setup.companyId, maria.number, [MAIN]);
    await say(setup, maria, '7');
    await expectReplies(setup.companyId, maria.number, [MAIN, INVALID, MAIN]);
    await say(setup, maria, '1');
    await expectReplies(setup.companyId, maria.number, [MAIN, INVALID, MAIN, SALES_ROOT]);
    await say(setup, maria, '1');
    await expectReplies(setup.companyId, maria.number, [MAIN, INVALID, MAIN, SALES_ROOT, PLANS]);

    await harness.restart();

    await say(setup, maria, '0');
    await expectReplies(setup.companyId, maria.number, [MAIN, INVALID, MAIN, SALES_ROOT, PLANS, SALES_ROOT]);
    await say(setup, maria, '1');
    await say(setup, maria, '2');
    await expectReplies(setup.companyId, maria.number, [
      MAIN,
      INVALID,
      MAIN,
      SALES_ROOT,
      PLANS,
      SALES_ROOT,
      PLANS,
      'Plano anual: R$ 999,00.',
    ]);
    const { body } = await harness.http('GET', '/tickets?showAll=true', setup.admin);
    // the list's preview is what Maria wrote last, not the bot's answer
    expect(body.tickets[0]).toMatchObject({
      status: 'pending',
      queue: { name: 'Vendas' },
      chatbot: false,
      lastMessage: '2',
    });
    const bots = await harness.query<{ is_bot: boolean; from_me: boolean }>(
      'SELECT is_bot, from_me FROM tickets.messages WHERE company_id = $1 AND from_me',
      [setup.companyId],
    );
    expect(bots.length).toBe(8);
    expect(bots.every((row) => row.is_bot)).toBe(true);
  });

  it('# goes back to the main menu from inside a queue', async () => {
    const setup = await company();
    const maria = setup.contact;
    await say(setup, maria, 'bom dia');
    await say(setup, maria, '1');
    await expectReplies(setup.companyId, maria.number, [MAIN, SALES_ROOT]);
    await say(setup, maria, '#');
    await expectReplies(setup.companyId, maria.number, [MAIN, SALES_ROOT, MAIN]);
  });

  it('stops sending the menu after maxUseBotQueues menus', async () => {
    const setup = await company();
    await updateConnection(harness, setup, {
      queueIds: [setup.sales, setup.support],
      greetingMessage: 'Olá {{firstName}}! Escolha uma opção:',
      maxUseBotQueues: 2,
    });
    const maria = setup.contact;
    await say(setup, maria, 'oi');
    await say(setup, maria, 'quero comprar');
    await say(setup, maria, 'alô?');
    // another number than Maria's (hers may end in 9: João was then Maria, one run in ten)
    const joaoNumber = `${maria.number.slice(0, -1)}${maria.number.endsWith('9') ? '8' : '9'}`;
    const joao = contactSnapshot(setup.companyId, setup.contact.id + 100, 'João Lima', joaoNumber);
    await say(setup, joao, 'oi');
    await expectReplies(setup.companyId, joao.number, [
      'Olá João! Escolha uma opção:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte',
    ]);
    // João's menu came after Maria's third message on the same partition: Maria got two menus and nothing more
    await expectReplies(setup.companyId, maria.number, [MAIN, INVALID, MAIN]);
  });
});

describe('out of hours', () => {
  it('by company: the connection message and no menu', async () => {
    const setup = await company({ scheduleType: 'company' }, week('00:00', '00:00'));
    await say(setup, setup.contact, 'oi');
    await expectReplies(setup.companyId, setup.contact.number, ['Estamos fechados agora.']);
    const { body } = await harness.http('GET', '/tickets?showAll=true', setup.admin);
    expect(body.tickets[0]).toMatchObject({ status: 'pending', queueId: null });
  });

  it('by queue: choosing a closed queue answers its message and returns to the menu', async () => {
    const setup = await company({ scheduleType: 'queue' });
    await say(setup, setup.contact, 'oi');
    await say(setup, setup.contact, '2');
    await expectReplies(setup.companyId, setup.contact.number, [
      MAIN,
      'O suporte atende de segunda a sexta.\n\n*[ # ]* - Voltar ao Menu Principal',
    ]);
    const { body } = await harness.http('GET', '/tickets?showAll=true', setup.admin);
    expect(body.tickets[0]).toMatchObject({ queueId: null });
  });

  it('with schedules disabled, a queue is entered whatever its hours', async () => {
    const setup = await company();
    await say(setup, setup.contact, 'oi');
    await say(setup, setup.contact, '2');
    await expectReplies(setup.companyId, setup.contact.number, [MAIN, 'Bem-vindo ao suporte, Maria.']);
  });
});
