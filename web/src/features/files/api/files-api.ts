import type { FileListBodyInput, FileListPage, FileListResponse } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
import { request, type RouteResponse } from '../../../api/routes';
import { pagedListOptions, pageParams } from '../../../api/paging';

export type { FileOption } from '@cs/proto/http';

/** A file list with its options (`FileListSchema`). */
export type FileListRecord = FileListResponse;

/** `GET /files` (`{files, count, hasMore}`). */
export type FilesPage = FileListPage;

/** `POST /files`, `PUT /files/{id}` (`FileListBodySchema`'s input). */
export type FileListBody = FileListBodyInput;

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['FileLists'] });

/** `/files` (spec §7): file lists, their options and the options' uploads. Kept live by `company-{id}-file`. */
export const filesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getFilesPage: build.infiniteQuery<RouteResponse<'GET /files'>, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => request('GET /files', { query: pageParams(queryArg, pageParam) }),
      providesTags: ['FileLists'],
    }),
    listFileLists: build.query<RouteResponse<'GET /files/list'>, void>({
      query: () => request('GET /files/list'),
      providesTags: ['FileLists'],
    }),
    createFileList: build.mutation<RouteResponse<'POST /files'>, FileListBody>({
      query: (body) => request('POST /files', { body }),
      invalidatesTags: ['FileLists'],
    }),
    updateFileList: build.mutation<RouteResponse<'PUT /files/{id}'>, FileListBody & { id: number }>({
      query: ({ id, ...body }) => request('PUT /files/{id}', { params: { id }, body }),
      invalidatesTags: ['FileLists'],
    }),
    deleteFileList: build.mutation<RouteResponse<'DELETE /files/{id}'>, number>({
      query: (id) => request('DELETE /files/{id}', { params: { id } }),
      invalidatesTags: ['FileLists'],
    }),
    uploadFileListFiles: build.mutation<
      RouteResponse<'POST /files/uploadList/{id}'>,
      { id: number; uploads: Array<{ optionId: number; file: File }> }
    >({
      query: ({ id, uploads }) => {
        const form = new FormData();
        form.append('fileId', String(id));
        form.append('typeArch', 'fileList');
        for (const upload of uploads) {
          form.append('files', upload.file, upload.file.name);
          form.append('id', String(upload.optionId));
          form.append('mediaType', upload.file.type);
        }
        return request('POST /files/uploadList/{id}', { params: { id }, body: form });
      },
      invalidatesTags: ['FileLists'],
    }),
  }),
});

export const {
  useGetFilesPageInfiniteQuery,
  useListFileListsQuery,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useDeleteFileListMutation,
  useUploadFileListFilesMutation,
} = filesApi;
