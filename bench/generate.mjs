// The data generator of the ticket-list benchmark: fills one company with tickets, contacts and messages at
// scale through COPY (never row by row), into exactly the tables the services read:
//   tickets.contacts (projection), tickets.connections (projection), tickets.users (projection, extra agents),
//   tickets.tags, tickets.tickets, tickets.ticket_tags, tickets.ticket_trackings, tickets.messages,
//   contacts.contacts.
// Fast path: each big table's indexes and constraints are dropped, the rows copied with COPY ... FREEZE after a
// TRUNCATE in the same transaction (rows land frozen and all-visible, no VACUUM needed), then every index and
// constraint is recreated from its own saved definition (pg_get_indexdef / pg_get_constraintdef), so the
// schema ends exactly as the migrations left it. Deterministic (seeded PRNG).
//
// Standalone: node --import ./deploy/scripts/register-ts.mjs bench/generate.mjs --database cs_bench_explain [--scale 1]
// (creates, migrates and seeds that database on TEST_DATABASE_URL's server; or DATABASE_URL=... for an existing one).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { option } from './lib/report.mjs';

const FIRST = [
  'Ana',
  'Maria',
  'João',
  'José',
  'Francisco',
  'Antônio',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Fernanda',
  'Juliana',
  'Adriana',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Gabriela',
  'Vera',
  'Vitória',
  'Larissa',
  'Cláudia',
  'Beatriz',
  'Rita',
  'Thiago',
  'Mateus',
  'Gustavo',
  'Leonardo',
  'Otávio',
  'Heloísa',
  'Sebastião',
  'Severino',
  'Conceição',
  'Tereza',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Cavalcanti',
  'Monteiro',
  'Moura',
  'Correia',
  'Pinto',
  'Campos',
];
const INBOUND = [
  'Bom dia, gostaria de saber o status do meu pedido {n}',
  'Boa tarde! Vocês entregam em {city}?',
  'Oi, o boleto venceu ontem, consigo pagar ainda?',
  'Preciso da segunda via do boleto por favor',
  'Qual o prazo de entrega para o CEP {cep}?',
  'Olá, o produto chegou com defeito, como faço a troca?',
  'Quero cancelar minha assinatura',
  'Vocês aceitam Pix?',
  'Ainda não recebi o código de rastreio do pedido {n}',
  'Obrigado pelo atendimento!',
  'Tem desconto para pagamento à vista?',
  'Meu cartão foi recusado, o que aconteceu?',
  'Gostaria de falar com um atendente',
  'Qual o horário de funcionamento da loja de {city}?',
  'Fiz o pagamento via Pix e não foi confirmado',
  'Pode me enviar a nota fiscal do pedido {n}?',
  'Quero solicitar o reembolso da compra',
  'O aplicativo não está abrindo no meu celular',
  'Vocês têm esse modelo na cor azul?',
  'Ok, combinado então',
  'Tudo bem, aguardo o retorno',
  'Bom dia',
  'Boa noite, alguém pode me ajudar?',
];
const OUTBOUND = [
  'Olá {name}! Seja bem-vindo(a) ao nosso atendimento. Como posso ajudar?',
  'Um momento, por favor, vou verificar o pedido {n}',
  'Seu pedido {n} já foi enviado e deve chegar em até 5 dias úteis',
  'Segue a segunda via do boleto com vencimento para amanhã',
  'Sim, aceitamos Pix, cartão de crédito e boleto bancário',
  'Entregamos em {city} sim, o frete é grátis acima de R$ 199,00',
  'Já solicitei a troca, você receberá um e-mail com as instruções',
  'O reembolso será processado em até 7 dias úteis',
  'O código de rastreio é BR{n}XX',
  'Posso ajudar em algo mais?',
  'Obrigado pelo contato, {name}! Tenha um ótimo dia.',
  'Nosso horário de atendimento é de segunda a sexta, das 8h às 18h',
  'O pagamento foi confirmado, obrigado!',
];
const CITIES = [
  'São Paulo',
  'Rio de Janeiro',
  'Belo Horizonte',
  'Salvador',
  'Fortaleza',
  'Recife',
  'Curitiba',
  'Porto Alegre',
  'Manaus',
  'Belém',
  'Goiânia',
  'Campinas',
  'Florianópolis',
  'Natal',
  'Teresina',
  'Maceió',
];
const DDD = [11, 11, 11, 21, 21, 31, 41, 51, 61, 71, 81, 85, 91, 92, 27, 48, 62, 19, 84, 98];
const TAGS = [
  'Venda',
  'Troca',
  'Reclamação',
  'Financeiro',
  'Urgente',
  'VIP',
  'Boleto',
  'Entrega',
  'Cancelamento',
  'Orçamento',
  'Pós-venda',
  'Dúvida',
  'Elogio',
  'Atacado',
  'Revenda',
  'Garantia',
  'Devolução',
  'Cadastro',
  'Pix',
  'Retorno',
];
const TAG_COLORS = [
  '#f44336',
  '#e91e63',
  '#9c27b0',
  '#673ab7',
  '#3f51b5',
  '#2196f3',
  '#03a9f4',
  '#00bcd4',
  '#009688',
  '#4caf50',
  '#8bc34a',
  '#cddc39',
  '#ffc107',
  '#ff9800',
  '#ff5722',
  '#795548',
  '#607d8b',
  '#9e9e9e',
  '#5c59a0',
  '#000000',
];

/** mulberry32: a small seeded PRNG, so two runs generate the same data. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const MINUTE = 60_000;
const iso = (ms) => new Date(ms).toISOString();
const NULL = '\\N';

/** Streams rows (arrays, already COPY-text-safe) into `table` with COPY ... FREEZE after a TRUNCATE. */
async function copyRows(client, table, columns, rows) {
  await client.query('BEGIN');
  await client.query(`TRUNCATE ${table}`);
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FREEZE)`));
  const done = new Promise((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let buffer = [];
  let count = 0;
  for (const row of rows) {
    buffer.push(row.join('\t'));
    count += 1;
    if (buffer.length === 2_000) {
      if (!stream.write(`${buffer.join('\n')}\n`)) await new Promise((resolve) => stream.once('drain', resolve));
      buffer = [];
    }
  }
  if (buffer.length) stream.write(`${buffer.join('\n')}\n`);
  stream.end();
  await done;
  await client.query('COMMIT');
  return count;
}

/** Drops a table's indexes and constraints, returning the statements that recreate them (constraints first). */
async function dropIndexes(client, table) {
  const [schema, name] = table.split('.');
  // its own keys and foreign keys, and other tables' foreign keys to it (TRUNCATE refuses a referenced table)
  const constraints = await client.query(
    `SELECT c.conname, pg_get_constraintdef(c.oid) AS def, c.contype, c.conrelid::regclass::text AS owner
       FROM pg_constraint c
      WHERE (c.conrelid = $1::regclass AND c.contype IN ('p', 'u', 'f'))
         OR (c.confrelid = $1::regclass AND c.contype = 'f')`,
    [table],
  );
  const indexes = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes i
      WHERE schemaname = $1 AND tablename = $2
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = $1::regnamespace)`,
    [schema, name],
  );
  const foreign = constraints.rows.filter((row) => row.contype === 'f');
  const keys = constraints.rows.filter((row) => row.contype !== 'f');
  const owner = (row) => (row.owner.includes('.') ? row.owner : `${schema}.${row.owner}`);
  for (const row of foreign) await client.query(`ALTER TABLE ${owner(row)} DROP CONSTRAINT ${row.conname}`);
  for (const row of keys) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${row.conname}`);
  for (const row of indexes.rows) await client.query(`DROP INDEX ${schema}.${row.indexname}`);
  return {
    keys: keys.map((row) => `ALTER TABLE ${table} ADD CONSTRAINT ${row.conname} ${row.def}`),
    indexes: indexes.rows.map((row) => row.indexdef),
    foreign: foreign.map((row) => `ALTER TABLE ${owner(row)} ADD CONSTRAINT ${row.conname} ${row.def}`),
  };
}

/**
 * Fills company `companyId` of the database at `databaseUrl`. `scale` 1 = 1,000,000 tickets, 200,000 contacts,
 * 5,000,000 messages; the 10,000-message ticket is always there (ticket 1). Returns counts and timings.
 */
export async function generate(databaseUrl, { scale = 1, companyId = 2, seed = 42, log = console.log } = {}) {
  const started = performance.now();
  const timings = {};
  const step = async (label, fn) => {
    const t0 = performance.now();
    const result = await fn();
    timings[label] = Math.round(performance.now() - t0);
    log(`  generate: ${label} ${(timings[label] / 1000).toFixed(1)} s`);
    return result;
  };
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const nTickets = Math.max(1_000, Math.round(1_000_000 * scale));
  const nContacts = Math.max(200, Math.round(200_000 * scale));
  const nMessages = Math.max(20_000, Math.round(5_000_000 * scale));
  const BIG_TICKET_MESSAGES = 10_000;
  const connectionsNeeded = Math.ceil(nTickets / nContacts); // one ticket per (contact, connection)
  const now = Date.now();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const second = new pg.Client({ connectionString: databaseUrl });
  await second.connect();
  try {
    for (const db of [client, second]) {
      await db.query(`SET maintenance_work_mem = '1GB'`);
      await db.query(`SET synchronous_commit = off`);
    }
    const users = await client.query(
      `SELECT id, email, profile FROM identity.users WHERE company_id = $1 ORDER BY id`,
      [companyId],
    );
    const admin = users.rows.find((row) => row.profile === 'admin')?.id;
    const agent = users.rows.find((row) => row.profile === 'user')?.id;
    if (!admin || !agent) throw new Error(`company ${companyId} has no seeded admin and agent (run the seeds first)`);
    // a company with a million tickets has a team: 18 more agents in tickets' users projection (ids 10001+)
    const extraAgents = Array.from({ length: 18 }, (_, i) => 10_001 + i);
    const agents = [agent, agent, ...extraAgents]; // the seeded agent gets ~1/10 of the attended tickets
    await client.query(
      `INSERT INTO tickets.users (company_id, id, name, email, profile, queue_ids)
       SELECT $1, id, 'Agente ' || (id - 10000), 'agente' || (id - 10000) || '@bench.local', 'user', '{1,2}'
         FROM unnest($2::int[]) AS id ON CONFLICT DO NOTHING`,
      [companyId, extraAgents],
    );
    await client.query(
      `INSERT INTO tickets.connections (company_id, id, name, status, is_default, queue_ids)
       SELECT $1, id, CASE WHEN id = 1 THEN 'WhatsApp Demo' ELSE 'WhatsApp ' || id END, 'CONNECTED', id = 1, '{1,2}'
         FROM generate_series(1, $2::int) AS id ON CONFLICT DO NOTHING`,
      [companyId, connectionsNeeded],
    );
    await client.query(
      `INSERT INTO tickets.tags (id, company_id, name, color)
       SELECT i, $1, ($2::text[])[i], ($3::text[])[i] FROM generate_series(1, $4::int) AS i`,
      [companyId, TAGS, TAG_COLORS, TAGS.length],
    );
    await client.query(`SELECT setval('tickets.tags_id_seq', $1)`, [TAGS.length]);

    const tables = [
      'tickets.ticket_tags',
      'tickets.ticket_trackings',
      'tickets.messages',
      'tickets.tickets',
      'tickets.contacts',
      'contacts.contacts',
    ];
    const rebuild = {};
    await step('drop indexes', async () => {
      for (const table of tables) rebuild[table] = await dropIndexes(client, table);
    });

    // --- contacts (both services' rows) ---
    const contacts = [];
    for (let id = 1; id <= nContacts; id += 1) {
      const name = `${pick(FIRST)} ${pick(LAST)}${random() < 0.4 ? ` ${pick(LAST)}` : ''}`;
      const number = `55${pick(DDD)}9${String(10_000_000 + ((id * 7_919) % 89_999_999)).padStart(8, '0')}`;
      contacts.push({ id, name, number });
    }
    await step(`contacts (${nContacts})`, () =>
      Promise.all([
        copyRows(
          client,
          'tickets.contacts',
          ['company_id', 'id', 'name', 'number'],
          contacts.map((c) => [companyId, c.id, c.name, c.number]),
        ),
        copyRows(
          second,
          'contacts.contacts',
          [
            'id',
            'company_id',
            'name',
            'number',
            'whatsapp_id',
            'whatsapp_status',
            'whatsapp_jid',
            'created_at',
            'updated_at',
          ],
          contacts.map((c) => {
            const at = iso(now - 800 * DAY + c.id * 100);
            return [c.id, companyId, c.name, c.number, 1, 'valid', `${c.number}@s.whatsapp.net`, at, at];
          }),
        ),
      ]),
    );
    await client.query(`SELECT setval('contacts.contacts_id_seq', $1)`, [nContacts]);

    // --- tickets, their trackings and tags ---
    // statuses: 97% closed (history), 2% open, 1% pending; queues 45/45/10 (none); updated in the last 2 years,
    // open and pending in the last days; unread on most pending, some open, few closed.
    const tickets = new Array(nTickets);
    const messagesPerTicket = (nMessages - BIG_TICKET_MESSAGES) / (nTickets - 1);
    for (let i = 0; i < nTickets; i += 1) {
      const id = i + 1;
      const contactId = (i % nContacts) + 1;
      const whatsappId = Math.floor(i / nContacts) + 1;
      const r = random();
      const status = id === 1 ? 'open' : r < 0.01 ? 'pending' : r < 0.03 ? 'open' : 'closed';
      const q = random();
      const queueId = q < 0.45 ? 1 : q < 0.9 ? 2 : null;
      const userId = status === 'pending' ? null : id === 1 ? agent : pick(agents);
      const createdAt =
        id === 1 ? now - 30 * DAY : status === 'closed' ? now - random() * 730 * DAY : now - random() * 10 * DAY;
      const life = status === 'closed' ? random() * 3 * DAY : now - createdAt;
      const updatedAt = Math.min(now - 1_000, createdAt + life * (status === 'closed' ? 1 : 0.7 + 0.3 * random()));
      const unread =
        status === 'pending'
          ? random() < 0.8
            ? 1 + Math.floor(random() * 5)
            : 0
          : status === 'open'
            ? random() < 0.3
              ? 1 + Math.floor(random() * 3)
              : 0
            : random() < 0.02
              ? 1
              : 0;
      const count =
        id === 1 ? BIG_TICKET_MESSAGES : Math.max(1, Math.round(messagesPerTicket * (0.2 + 1.6 * random())));
      tickets[i] = {
        id,
        contactId,
        whatsappId,
        status,
        queueId,
        userId,
        createdAt,
        updatedAt,
        unread,
        count,
        last: '',
      };
    }

    // --- messages (streamed: 5M rows are not kept in memory) ---
    let messageSeq = 0;
    const cityOf = () => pick(CITIES);
    const fill = (template, contact) =>
      template
        .replace('{n}', String(100_000 + Math.floor(random() * 900_000)))
        .replace('{city}', cityOf())
        .replace(
          '{cep}',
          `${10_000 + Math.floor(random() * 89_999)}-${String(Math.floor(random() * 999)).padStart(3, '0')}`,
        )
        .replace('{name}', contact.name.split(' ')[0]);
    function* messageRows() {
      for (const ticket of tickets) {
        const contact = contacts[ticket.contactId - 1];
        const span = Math.max(ticket.updatedAt - ticket.createdAt, ticket.count * 1_000);
        for (let k = 0; k < ticket.count; k += 1) {
          messageSeq += 1;
          const fromMe = k % 2 === 1 || (k > 0 && random() < 0.15);
          const body = fill(fromMe ? pick(OUTBOUND) : pick(INBOUND), contact);
          const at = iso(ticket.createdAt + Math.floor((span * k) / ticket.count));
          const waId = `3EB0${messageSeq.toString(16).toUpperCase().padStart(16, '0')}`;
          if (k === ticket.count - 1) ticket.last = body;
          const unreadTail = !fromMe && k >= ticket.count - ticket.unread;
          yield [
            messageSeq,
            waId,
            companyId,
            ticket.id,
            fromMe ? NULL : ticket.contactId,
            ticket.whatsappId,
            waId,
            body,
            fromMe ? 't' : 'f',
            fromMe ? 3 : 0,
            unreadTail ? 'f' : 't',
            fromMe && ticket.userId ? ticket.userId : NULL,
            ticket.queueId ?? NULL,
            at,
            at,
          ];
        }
      }
    }
    // the reports' message and tag triggers would append a roll-up row per copied row: off during the copy, the
    // roll-ups rebuilt afterwards (report_rebuild)
    await client.query('ALTER TABLE tickets.messages DISABLE TRIGGER USER');
    await client.query('ALTER TABLE tickets.ticket_tags DISABLE TRIGGER USER');
    const copiedMessages = await step(`messages (${nMessages})`, () =>
      copyRows(
        client,
        'tickets.messages',
        [
          'seq',
          'id',
          'company_id',
          'ticket_id',
          'contact_id',
          'whatsapp_id',
          'wa_id',
          'body',
          'from_me',
          'ack',
          'read',
          'user_id',
          'queue_id',
          'created_at',
          'updated_at',
        ],
        messageRows(),
      ),
    );
    await client.query(`SELECT setval('tickets.messages_seq_seq', $1)`, [messageSeq]);

    let trackingId = 0;
    let ticketTagCount = 0;
    // the dashboard's roll-up trigger would append a row per copied cycle: off during the copy, the roll-ups
    // rebuilt from the cycles afterwards (as the migration's backfill does)
    await client.query('ALTER TABLE tickets.ticket_trackings DISABLE TRIGGER USER');
    await step(`tickets (${nTickets}), trackings, tags`, () =>
      Promise.all([
        copyRows(
          client,
          'tickets.tickets',
          [
            'id',
            'uuid',
            'company_id',
            'status',
            'user_id',
            'queue_id',
            'whatsapp_id',
            'contact_id',
            'chat_jid',
            'last_message',
            'unread_messages',
            'created_at',
            'updated_at',
          ],
          tickets.map((t) => [
            t.id,
            randomUUID(),
            companyId,
            t.status,
            t.userId ?? NULL,
            t.queueId ?? NULL,
            t.whatsappId,
            t.contactId,
            `${contacts[t.contactId - 1].number}@s.whatsapp.net`,
            t.last,
            t.unread,
            iso(t.createdAt),
            iso(t.updatedAt),
          ]),
        ),
        (async () => {
          await copyRows(
            second,
            'tickets.ticket_trackings',
            [
              'id',
              'company_id',
              'ticket_id',
              'contact_id',
              'whatsapp_id',
              'user_id',
              'queue_id',
              'created_at',
              'queued_at',
              'started_at',
              'finished_at',
              'rating_at',
              'rated',
              'rate',
              'contact_prev_at',
              'contact_prev2_at',
            ],
            (function* () {
              // each cycle's links to its contact's two previous cycles (by begin time, then id), as the
              // trigger (off during the copy) keeps them
              const links = new Map();
              const byContact = new Map();
              for (const t of tickets) {
                const list = byContact.get(t.contactId);
                if (list) list.push(t);
                else byContact.set(t.contactId, [t]);
              }
              for (const list of byContact.values()) {
                list.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
                list.forEach((t, k) => links.set(t.id, [list[k - 1]?.createdAt, list[k - 2]?.createdAt]));
              }
              for (const t of tickets) {
                const [prev, prev2] = links.get(t.id);
                trackingId += 1;
                const queuedAt = t.createdAt + Math.floor(random() * 2 * MINUTE);
                const startedAt = t.status === 'pending' ? null : queuedAt + Math.floor(random() * 30 * MINUTE);
                const finishedAt = t.status === 'closed' ? Math.max(t.updatedAt, startedAt ?? 0) : null;
                const rated = finishedAt !== null && random() < 0.4;
                yield [
                  trackingId,
                  companyId,
                  t.id,
                  t.contactId,
                  t.whatsappId,
                  t.userId ?? NULL,
                  t.queueId ?? NULL,
                  iso(t.createdAt),
                  iso(queuedAt),
                  startedAt ? iso(startedAt) : NULL,
                  finishedAt ? iso(finishedAt) : NULL,
                  rated ? iso(finishedAt) : NULL,
                  rated ? 't' : 'f',
                  rated ? 1 + Math.floor(random() * 3) : NULL,
                  prev === undefined ? NULL : iso(prev),
                  prev2 === undefined ? NULL : iso(prev2),
                ];
              }
            })(),
          );
          ticketTagCount = await copyRows(
            second,
            'tickets.ticket_tags',
            ['company_id', 'ticket_id', 'tag_id', 'created_at'],
            (function* () {
              for (const t of tickets) {
                const r = random();
                if (r > 0.3) continue;
                const first = 1 + Math.floor(random() * TAGS.length);
                yield [companyId, t.id, first, iso(t.createdAt)];
                if (r < 0.08) yield [companyId, t.id, (first % TAGS.length) + 1, iso(t.createdAt)];
              }
            })(),
          );
        })(),
      ]),
    );
    await client.query('ALTER TABLE tickets.ticket_trackings ENABLE TRIGGER USER');
    await client.query('ALTER TABLE tickets.messages ENABLE TRIGGER USER');
    await client.query('ALTER TABLE tickets.ticket_tags ENABLE TRIGGER USER');
    await client.query(`SELECT setval('tickets.tickets_id_seq', $1)`, [nTickets]);
    await client.query(`SELECT setval('tickets.ticket_trackings_id_seq', $1)`, [trackingId]);

    // --- indexes and constraints back, two builds at a time (one per core) ---
    await step('rebuild indexes and constraints', async () => {
      const run = async (statements) => {
        const queue = [...statements];
        await Promise.all(
          [client, second].map(async (db) => {
            for (let statement = queue.shift(); statement; statement = queue.shift()) await db.query(statement);
          }),
        );
      };
      await run(tables.flatMap((table) => rebuild[table].keys));
      await run(tables.flatMap((table) => rebuild[table].indexes));
      await run(tables.flatMap((table) => rebuild[table].foreign));
    });
    await step('dashboard roll-ups', async () => {
      const [{ exists }] = (await client.query(`SELECT to_regproc('tickets.dashboard_rebuild') IS NOT NULL AS exists`))
        .rows;
      if (exists) await client.query('SELECT tickets.dashboard_rebuild($1)', [companyId]);
    });
    const [{ reports, business }] = (
      await client.query(
        `SELECT to_regproc('tickets.report_rebuild') IS NOT NULL AS reports,
                to_regproc('tickets.report_prepare_business') IS NOT NULL AS business`,
      )
    ).rows;
    if (reports) {
      // the cycles' reopen, first response and targets, without the trigger's delta rows (the rebuild writes all)
      // and, where the schema has them, their business-hours durations (issue 55's option): all of them at once
      // after the first responses, not one first response at a time by their trigger
      const triggers = ['trg_ticket_trackings_report', ...(business ? ['trg_ticket_trackings_report_business'] : [])];
      for (const name of triggers) await client.query(`ALTER TABLE tickets.ticket_trackings DISABLE TRIGGER ${name}`);
      await step('report cycles', () => client.query('SELECT tickets.report_prepare_cycles($1)', [companyId]));
      if (business)
        await step('report business durations', () =>
          client.query('SELECT tickets.report_prepare_business($1)', [companyId]),
        );
      for (const name of triggers) await client.query(`ALTER TABLE tickets.ticket_trackings ENABLE TRIGGER ${name}`);
      await step('report roll-ups', () => client.query('SELECT tickets.report_rebuild($1)', [companyId]));
    }
    // VACUUM as well: COPY's rows count as inserted since the last vacuum, and with autovacuum on (as `make bench` runs
    // it) the history's tables would be vacuumed for them in the middle of a measurement. The rows are frozen and
    // all-visible already, so it reads little (5M messages: under half a second).
    await step('vacuum and analyze', async () => {
      await Promise.all([
        client.query('VACUUM (ANALYZE) tickets.messages'),
        (async () => {
          for (const table of tables.filter((name) => name !== 'tickets.messages'))
            await second.query(`VACUUM (ANALYZE) ${table}`);
          await second.query('ANALYZE tickets.users, tickets.connections, tickets.tags');
          if ((await second.query(`SELECT to_regclass('tickets.dashboard_daily') AS t`)).rows[0].t)
            await second.query('VACUUM (ANALYZE) tickets.dashboard_daily');
        })(),
      ]);
    });
    const counts = {
      tickets: nTickets,
      contacts: nContacts,
      messages: copiedMessages,
      trackings: trackingId,
      ticketTags: ticketTagCount,
      connections: connectionsNeeded,
      agents: 2 + extraAgents.length,
    };
    const totalMs = Math.round(performance.now() - started);
    log(`  generate: done in ${(totalMs / 1000).toFixed(1)} s ${JSON.stringify(counts)}`);
    return { counts, timings, totalMs, bigTicketId: 1, agentId: agent, adminId: admin };
  } finally {
    await client.end();
    await second.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --database NAME: create that database on TEST_DATABASE_URL's server, migrate and seed it, then generate
  // (kept for EXPLAIN ANALYZE sessions; drop it yourself). Otherwise DATABASE_URL, already migrated and seeded.
  const name = option('database', '');
  let url = process.env.DATABASE_URL;
  if (name) {
    const { createDatabase, testServerUrl } = await import('@cs/platform/testing');
    const { migrateAll } = await import('../deploy/scripts/migrate.mjs');
    url = await createDatabase(testServerUrl(), name);
    await migrateAll(url, { NODE_ENV: 'test', PATH: process.env.PATH }, { seed: true });
  }
  if (!url) throw new Error('DATABASE_URL or --database NAME is required');
  await generate(url, { scale: option('scale', 1) });
  console.log(url);
}
