import { baseApi } from '../../../api/base-api';

export interface HelpRecord {
  id: number;
  title: string;
  description: string;
  video: string;
  link?: string | null;
}

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Helps'] });

/** `GET /helps/list`: the platform's help videos (written by super users, read by everyone). */
export const helpsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listHelps: build.query<HelpRecord[], void>({ query: () => '/helps/list', providesTags: ['Helps'] }),
  }),
});

export const { useListHelpsQuery } = helpsApi;
