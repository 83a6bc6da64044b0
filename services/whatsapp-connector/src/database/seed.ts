import type { DataSource } from 'typeorm';
import { ConnectionCreated } from '@cs/proto/events';
import { type SqlRow, TransactionHost } from '@cs/platform/database';
import { EventPublisher } from '@cs/platform/events';
import { connectionRows, toConnectionSnapshot } from '../modules/connections/connection.row.js';
import { simulatedNumber } from '../providers/simulator/simulator.session.js';

const DEMO_COMPANY_ID = 2;
const DEMO_CONNECTION_ID = 1;

/**
 * Development data (`make dev`, `SEED=1 make migrate`), idempotent: connection 1 "WhatsApp Demo" of the demo
 * company, simulator, default, queues Vendas and Suporte, greeting, completion and rating messages, CONNECTED (its simulated phone already linked, so the
 * session starts on boot without a QR), with its `whatsapp.connection.created` event.
 */
export async function seedWhatsappConnector(
  dataSource: DataSource,
  _env: Record<string, string | undefined>,
): Promise<void> {
  const transactions = new TransactionHost(dataSource);
  const events = new EventPublisher(transactions, 'whatsapp-connector');
  await transactions.run(async (manager) => {
    const number = simulatedNumber(DEMO_CONNECTION_ID);
    const rows = await manager.query<SqlRow[]>(
      `INSERT INTO connections (id, company_id, name, provider, status, number, is_default, queue_ids, greeting_message,
                                complation_message, rating_message, session_wanted)
       VALUES ($1, $2, 'WhatsApp Demo', 'simulator', 'CONNECTED', $3, true, '{1,2}', $4, $5, $6, true)
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        DEMO_CONNECTION_ID,
        DEMO_COMPANY_ID,
        number,
        'Olá! Seja bem-vindo(a). Escolha um departamento:',
        'Atendimento encerrado. Obrigado pelo contato!',
        'Como foi o nosso atendimento?',
      ],
    );
    await manager.query(
      `INSERT INTO queues (id, company_id, name, color) VALUES (1, $1, 'Vendas', '#2196f3'), (2, $1, 'Suporte', '#4caf50')
       ON CONFLICT DO NOTHING`,
      [DEMO_COMPANY_ID],
    );
    await manager.query(
      `INSERT INTO simulator_devices (connection_id, company_id, linked, number) VALUES ($1, $2, true, $3)
       ON CONFLICT DO NOTHING`,
      [DEMO_CONNECTION_ID, DEMO_COMPANY_ID, number],
    );
    await manager.query(`SELECT setval('connections_id_seq', greatest((SELECT max(id) FROM connections), 1))`);
    const [row] = connectionRows(rows);
    if (row) {
      await events.emit(ConnectionCreated, {
        companyId: DEMO_COMPANY_ID,
        key: row.id,
        data: toConnectionSnapshot(row),
      });
    }
  });
}
