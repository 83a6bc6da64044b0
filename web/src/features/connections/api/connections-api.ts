import type { ConnectionSnapshot } from '@cs/proto/events';
import { baseApi } from '../../../api/base-api';

export type ConnectionStatus = ConnectionSnapshot['status'];
export type Provider = ConnectionSnapshot['provider'];

/** A connection as `GET /whatsapp` answers (the connector's snapshot plus its queues, token and Cloud API data). */
export type ConnectionRecord = Partial<Omit<ConnectionSnapshot, 'id' | 'name' | 'status' | 'isDefault'>> &
  Pick<ConnectionSnapshot, 'id' | 'name' | 'status' | 'isDefault'> & {
    queues?: Array<{ id: number; name: string; color: string }>;
    token?: string | null;
    cloudPhoneNumberId?: string | null;
    webhookUrl?: string;
    /** The 8-character code while linking by phone number (the connector's additive field). */
    pairingCode?: string | null;
  };

export interface ConnectionBody {
  name: string;
  isDefault: boolean;
  provider: Provider;
  queueIds: number[];
  promptId: number | null;
  integrationId: number | null;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  token: string;
  timeSendQueue: number;
  sendIdQueue: number | null;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  cloudPhoneNumberId?: string;
  cloudAccessToken?: string;
  cloudAppSecret?: string;
  cloudVerifyToken?: string;
}

export interface PairingRequest {
  usePairingCode: true;
  number: string;
}

/** `/whatsapp` and `/whatsappsession` (spec §7). The list is kept live by the `Connections` tag and the QR patch. */
export const connectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConnections: build.query<ConnectionRecord[], void>({
      query: () => ({ url: '/whatsapp/', params: { session: 0 } }),
      providesTags: ['Connections'],
    }),
    createConnection: build.mutation<ConnectionRecord, ConnectionBody>({
      query: (body) => ({ url: '/whatsapp/', method: 'POST', body }),
      invalidatesTags: ['Connections'],
    }),
    updateConnection: build.mutation<ConnectionRecord, Partial<ConnectionBody> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/whatsapp/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Connections'],
    }),
    deleteConnection: build.mutation<void, number>({
      query: (id) => ({ url: `/whatsapp/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Connections'],
    }),
    /** Start (or restart) the session; with a number, link by pairing code instead of a QR. */
    startSession: build.mutation<unknown, { id: number; pairing?: PairingRequest }>({
      query: ({ id, pairing }) => ({ url: `/whatsappsession/${id}`, method: 'POST', body: pairing ?? {} }),
      invalidatesTags: ['Connections'],
    }),
    /** Forget the pairing and start again: a new QR. */
    newQr: build.mutation<unknown, number>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'PUT', body: {} }),
      invalidatesTags: ['Connections'],
    }),
    disconnectSession: build.mutation<unknown, number>({
      query: (id) => ({ url: `/whatsappsession/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Connections'],
    }),
  }),
});

export const {
  useGetConnectionsQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useStartSessionMutation,
  useNewQrMutation,
  useDisconnectSessionMutation,
} = connectionsApi;
