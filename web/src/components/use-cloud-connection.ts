import { skipToken } from '@reduxjs/toolkit/query';
import { useListConnectionsQuery } from '../api/endpoints/company';
import { useGetTicketConnectionQuery } from '../api/endpoints/templates';

/**
 * The connection a send goes through when it is a Cloud API one (its templates may be chosen), else null:
 * `connection` itself, the company's default connection for `'default'` (a schedule without a ticket), none for null.
 */
export function useCloudConnection(connection: number | 'default' | null): number | null {
  const { data: connections } = useListConnectionsQuery(connection === 'default' ? undefined : skipToken);
  const id =
    connection === 'default' ? (connections?.find((candidate) => candidate.isDefault)?.id ?? null) : connection;
  const { data: found } = useGetTicketConnectionQuery(id ?? skipToken);
  return id !== null && found?.id === id && found.provider === 'cloud-api' ? id : null;
}
