import { skipToken } from '@reduxjs/toolkit/query';
import { useListConnectionsQuery } from '../../../api/endpoints/company';
import { useGetTicketConnectionQuery } from '../../inbox/api/templates-api';

/**
 * The connection a send goes through when it is a Cloud API one (its templates may be chosen), else null:
 * `connectionId`, or the company's default connection when none is given (a schedule without a ticket).
 */
export function useCloudConnection(connectionId?: number | null): number | null {
  const { data: connections } = useListConnectionsQuery(connectionId ? skipToken : undefined);
  const id = connectionId ?? connections?.find((connection) => connection.isDefault)?.id ?? null;
  const { data: connection } = useGetTicketConnectionQuery(id ?? skipToken);
  return id !== null && connection?.id === id && connection.provider === 'cloud-api' ? id : null;
}
