import type { FileListBodyInput, FileListPage, FileListResponse, MessageResponse } from '@cs/proto/http';
import { baseApi } from '../../../api/base-api';
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
    getFilesPage: build.infiniteQuery<FilesPage, string, number>({
      infiniteQueryOptions: pagedListOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/files/', params: pageParams(queryArg, pageParam) }),
      providesTags: ['FileLists'],
    }),
    listFileLists: build.query<FileListRecord[], void>({ query: () => '/files/list', providesTags: ['FileLists'] }),
    createFileList: build.mutation<FileListRecord, FileListBody>({
      query: (body) => ({ url: '/files', method: 'POST', body }),
      invalidatesTags: ['FileLists'],
    }),
    updateFileList: build.mutation<FileListRecord, FileListBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/files/${id}`, method: 'PUT', body }),
      invalidatesTags: ['FileLists'],
    }),
    deleteFileList: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/files/${id}`, method: 'DELETE' }),
      invalidatesTags: ['FileLists'],
    }),
    uploadFileListFiles: build.mutation<
      FileListRecord,
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
        return { url: `/files/uploadList/${id}`, method: 'POST', body: form };
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
