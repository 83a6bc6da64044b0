import { DomainError } from '@cs/platform/errors';

const UNIQUE_VIOLATION = '23505';

/** Runs a queue write, answering the unique constraints' violations with the spec's codes. */
export async function withQueueConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
    if (driver?.code === UNIQUE_VIOLATION) {
      if (driver.constraint === 'uq_queues_company_color') throw new DomainError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      throw new DomainError('ERR_CONFLICT', { message: 'Já existe uma fila com este nome.' });
    }
    throw error;
  }
}
