import type { Announcement, AnnouncementPageSchema, AnnouncementRequest } from '@cs/proto/http';
import type { z } from 'zod';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

/** An announcement as `/announcements` answers it (`AnnouncementSchema`). */
export type AnnouncementRecord = Announcement;

/** `POST /announcements`, `PUT /announcements/{id}` (`AnnouncementRequestSchema`). */
export type AnnouncementBody = AnnouncementRequest;

export type AnnouncementsPage = z.infer<typeof AnnouncementPageSchema>;

/** `/announcements` (spec §7): the paged list `{records, hasMore}`, CRUD and the image upload. */
export const announcementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAnnouncementsPage: build.infiniteQuery<RouteResponse<'GET /announcements'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /announcements', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['Announcements'],
    }),
    saveAnnouncement: build.mutation<
      RouteResponse<'PUT /announcements/{id}'>,
      AnnouncementBody & { id?: number | undefined }
    >({
      query: ({ id, ...body }) =>
        id ? request('PUT /announcements/{id}', { params: { id }, body }) : request('POST /announcements', { body }),
      invalidatesTags: ['Announcements'],
    }),
    deleteAnnouncement: build.mutation<RouteResponse<'DELETE /announcements/{id}'>, number>({
      query: (id) => request('DELETE /announcements/{id}', { params: { id } }),
      invalidatesTags: ['Announcements'],
    }),
    uploadAnnouncementImage: build.mutation<
      RouteResponse<'POST /announcements/{id}/media-upload'>,
      { id: number; file: File }
    >({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return request('POST /announcements/{id}/media-upload', { params: { id }, body: form });
      },
      invalidatesTags: ['Announcements'],
    }),
    deleteAnnouncementImage: build.mutation<RouteResponse<'DELETE /announcements/{id}/media-upload'>, number>({
      query: (id) => request('DELETE /announcements/{id}/media-upload', { params: { id } }),
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
