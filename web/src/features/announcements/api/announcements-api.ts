import type { Announcement, AnnouncementPageSchema, AnnouncementRequest, MessageResponse } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** An announcement as `/announcements` answers it (`AnnouncementSchema`). */
export type AnnouncementRecord = Announcement;

/** `POST /announcements`, `PUT /announcements/{id}` (`AnnouncementRequestSchema`). */
export type AnnouncementBody = AnnouncementRequest;

export type AnnouncementsPage = z.infer<typeof AnnouncementPageSchema>;

/** `/announcements` (spec §7): the paged list `{records, hasMore}`, CRUD and the image upload. */
export const announcementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncementsPage: build.infiniteQuery<AnnouncementsPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/announcements/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['Announcements'],
    }),
    saveAnnouncement: build.mutation<AnnouncementRecord, AnnouncementBody & { id?: number | undefined }>({
      query: ({ id, ...body }) =>
        id ? { url: `/announcements/${id}`, method: 'PUT', body } : { url: '/announcements', method: 'POST', body },
      invalidatesTags: ['Announcements'],
    }),
    deleteAnnouncement: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/announcements/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Announcements'],
    }),
    uploadAnnouncementImage: build.mutation<AnnouncementRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: `/announcements/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: ['Announcements'],
    }),
    deleteAnnouncementImage: build.mutation<AnnouncementRecord, number>({
      query: (id) => ({ url: `/announcements/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Announcements'],
    }),
  }),
});

export const {
  useGetAnnouncementsPageInfiniteQuery,
  useSaveAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useUploadAnnouncementImageMutation,
  useDeleteAnnouncementImageMutation,
} = announcementsApi;
