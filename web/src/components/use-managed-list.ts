import type { UnknownAction } from '@reduxjs/toolkit';
import type { TypedUseInfiniteQuery } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import type { ServerEventName } from '@cs/proto/realtime';
import { useAppDispatch } from '../app/hooks';
import type { baseQueryWithReauth } from '../api/base-api';
import { flattenPages } from '../api/paging';
import { toastError } from '../lib/errors';
import { notify } from './toaster';
import { useDebouncedValue } from './use-debounced-value';
import { useLiveEvent } from './use-live-event';

interface BaseOptions<A, P, T, R> {
  /** The list's infinite query hook: `?searchParam=&pageNumber=`, page 1 first, the next while `hasMore`. */
  query: TypedUseInfiniteQuery<P, A, number, typeof baseQueryWithReauth>;
  /** The records of one page. */
  pick: (page: P) => T[];
  skip?: boolean;
  /** The company's socket event that changes the list, and the cache invalidation it triggers (a refetch). */
  live?: { event: ServerEventName | null; invalidate: () => UnknownAction };
  /**
   * Deleting a record: the request, then the success toast's text (or a handler for the server's answer), and on
   * failure the error toast's text (default: the server's error, translated).
   */
  remove?: { run: (record: T) => Promise<R>; done: string | ((answer: R) => void); failed?: string };
  /** Toasted when the list cannot be loaded (default: nothing). */
  loadFailed?: string;
}

export interface ManagedList<T> {
  /** The search box (`Page`'s `search`): the list reloads from page 1 once the text rests (debounced). */
  search: { value: string; onChange: (value: string) => void };
  /** The debounced search text the list was asked for. */
  searchParam: string;
  /** Every loaded page's records in order, a record that moved between pages only once. */
  records: T[];
  /** `ScrollArea`'s props: the next page near the bottom while there is one. */
  scroll: { loading: boolean; hasMore: boolean; onLoadMore: () => void; empty: boolean };
  isError: boolean;
  /** The add/edit dialog's record: `'new'`, a record, or none. */
  editing: T | 'new' | null;
  setEditing: (record: T | 'new' | null) => void;
  /** The record waiting for the delete confirmation. */
  deleting: T | null;
  setDeleting: (record: T | null) => void;
  /** `ConfirmDialog`'s props for `deleting`: confirming runs `remove` and toasts the outcome. */
  confirmDelete: { open: boolean; onConfirm: () => void; onClose: () => void };
}

/**
 * The spec's paginated management list (§9): search text debounced into `searchParam`, pages accumulated while
 * the user scrolls, a new search starting again from page 1, the list refetched on its socket event and after a
 * mutation (RTK tags), plus the add/edit and delete-confirmation state every such page keeps.
 */
export function useManagedList<P, T extends { id: number }, R = unknown>(
  options: BaseOptions<string, P, T, R>,
): ManagedList<T>;
export function useManagedList<A, P, T extends { id: number }, R = unknown>(
  options: BaseOptions<A, P, T, R> & { arg: (searchParam: string) => A },
): ManagedList<T>;
export function useManagedList<A, P, T extends { id: number }, R>(
  options: BaseOptions<A, P, T, R> & { arg?: (searchParam: string) => A },
): ManagedList<T> {
  const { query, pick, skip = false, live, remove, loadFailed, arg } = options;
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search);
  // without `arg` the query takes the search text itself (the first overload)
  const { data, isFetching, isError, hasNextPage, fetchNextPage } = query(arg ? arg(searchParam) : (searchParam as A), {
    skip,
  });
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const records = flattenPages(data?.pages, pick);

  useEffect(() => {
    if (isError && loadFailed) notify('error', loadFailed);
  }, [isError, loadFailed]);

  useLiveEvent(live?.event ?? null, () => {
    if (live) dispatch(live.invalidate());
  });

  const runDelete = async (record: T) => {
    if (!remove) return;
    try {
      const answer = await remove.run(record);
      if (typeof remove.done === 'string') notify('success', remove.done);
      else remove.done(answer);
    } catch (error) {
      if (remove.failed) notify('error', remove.failed);
      else toastError(error);
    }
  };

  return {
    search: { value: search, onChange: setSearch },
    searchParam,
    records,
    scroll: {
      loading: isFetching,
      hasMore: hasNextPage,
      onLoadMore: () => void fetchNextPage(),
      empty: records.length === 0,
    },
    isError,
    editing,
    setEditing,
    deleting,
    setDeleting,
    confirmDelete: {
      open: deleting !== null,
      onConfirm: () => {
        if (deleting) void runDelete(deleting);
      },
      onClose: () => setDeleting(null),
    },
  };
}
