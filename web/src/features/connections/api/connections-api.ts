import type {
  ConnectionView,
  CreateConnectionSchema,
  StartSessionSchema,
  UpdateConnectionSchema,
} from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';

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
    getConnections: build.query<RouteResponse<'GET /whatsapp'>, void>({
      query: () => request('GET /whatsapp', { query: { session: '0' } }),
      providesTags: ['Connections'],
    }),
    /** The answer carries the connection's external-API token, shown this once. */
    createConnection: build.mutation<RouteResponse<'POST /whatsapp'>, ConnectionBody>({
      query: (body) => request('POST /whatsapp', { body }),
      invalidatesTags: ['Connections'],
    }),
    updateConnection: build.mutation<RouteResponse<'PUT /whatsapp/{id}'>, ConnectionUpdate & { id: number }>({
      query: ({ id, ...body }) => request('PUT /whatsapp/{id}', { params: { id }, body }),
      invalidatesTags: ['Connections'],
    }),
    /** A new generated external-API token (the old one stops working), shown this once. */
    rotateConnectionToken: build.mutation<RouteResponse<'POST /whatsapp/{id}/token'>, number>({
      query: (id) => request('POST /whatsapp/{id}/token', { params: { id } }),
      invalidatesTags: ['Connections'],
    }),
    deleteConnection: build.mutation<RouteResponse<'DELETE /whatsapp/{id}'>, number>({
      query: (id) => request('DELETE /whatsapp/{id}', { params: { id } }),
      invalidatesTags: ['Connections'],
    }),
    /** Start (or restart) the session; with a number, link by pairing code instead of a QR. */
    startSession: build.mutation<RouteResponse<'POST /whatsappsession/{id}'>, { id: number; pairing?: PairingRequest }>(
      {
        query: ({ id, pairing }) => request('POST /whatsappsession/{id}', { params: { id }, body: pairing ?? {} }),
        invalidatesTags: ['Connections'],
      },
    ),
    /** Forget the pairing and start again: a new QR. */
    newQr: build.mutation<RouteResponse<'PUT /whatsappsession/{id}'>, number>({
      query: (id) => request('PUT /whatsappsession/{id}', { params: { id }, body: {} }),
      invalidatesTags: ['Connections'],
    }),
    disconnectSession: build.mutation<RouteResponse<'DELETE /whatsappsession/{id}'>, number>({
      query: (id) => request('DELETE /whatsappsession/{id}', { params: { id } }),
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
