import type {
  ConnectionResponse,
  ConnectionView,
  CreateConnectionSchema,
  MessageResponse,
  RotatedConnection,
  StartSessionSchema,
  UpdateConnectionSchema,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';

export type ConnectionStatus = ConnectionView['status'];
export type Provider = ConnectionView['provider'];

type RecordKey = 'id' | 'name' | 'status' | 'isDefault';
/**
 * A connection as `GET /whatsapp` answers (`ConnectionViewSchema`: the connector's snapshot plus its queues, whether
 * it has an external-API token, never the token, and the Cloud API data); the other fields are optional for the
 * lists built before the answer.
 */
export type ConnectionRecord = Pick<ConnectionView, RecordKey> & Partial<Omit<ConnectionView, RecordKey>>;

/** `POST /whatsapp`. */
export type ConnectionBody = z.input<typeof CreateConnectionSchema>;
/** `PUT /whatsapp/{id}`: any of the fields. */
export type ConnectionUpdate = z.input<typeof UpdateConnectionSchema>;
/** `POST /whatsappsession/{id}` with a number: link by pairing code instead of a QR. */
export type PairingRequest = z.input<typeof StartSessionSchema>;

/** `/whatsapp` and `/whatsappsession` (spec §7). The list is kept live by the `Connections` tag and the QR patch. */
export const connectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConnections: build.query<ConnectionRecord[], void>({
      query: () => ({ url: '/whatsapp/', params: { session: 0 } }),
      providesTags: ['Connections'],
    }),
    /** The answer carries the connection's external-API token, shown this once. */
    createConnection: build.mutation<ConnectionResponse, ConnectionBody>({
      query: (body) => ({ url: '/whatsapp/', method: 'POST', body }),
      invalidatesTags: ['Connections'],
    }),
    updateConnection: build.mutation<ConnectionResponse, ConnectionUpdate & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/whatsapp/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Connections'],
    }),
    /** A new generated external-API token (the old one stops working), shown this once. */
    rotateConnectionToken: build.mutation<RotatedConnection, number>({
      query: (id) => ({ url: `/whatsapp/${id}/token`, method: 'POST' }),
      invalidatesTags: ['Connections'],
    }),
    deleteConnection: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/whatsapp/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Connections'],
    }),
    /** Start (or restart) the session; with a number, link by pairing code instead of a QR. */
    startSession: build.mutation<MessageResponse, { id: number; pairing?: PairingRequest }>({
      query: ({ id, pairing }) => ({ url: `/whatsappsession/${id}`, method: 'POST', body: pairing ?? {} }),
      invalidatesTags: ['Connections'],
    }),
    /** Forget the pairing and start again: a new QR. */
    newQr: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'PUT', body: {} }),
      invalidatesTags: ['Connections'],
    }),
    disconnectSession: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Connections'],
    }),
  }),
});

export const {
  useGetConnectionsQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useRotateConnectionTokenMutation,
  useDeleteConnectionMutation,
  useStartSessionMutation,
  useNewQrMutation,
  useDisconnectSessionMutation,
} = connectionsApi;
