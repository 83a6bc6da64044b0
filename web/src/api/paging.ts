/** The spec's paginated lists: `?searchParam=&pageNumber=` from page 1, `hasMore` says whether another exists. */
export const pagedListOptions = {
  initialPageParam: 1,
  getNextPageParam: (lastPage: { hasMore: boolean }, _all: unknown, lastPageParam: number) =>
    lastPage.hasMore ? lastPageParam + 1 : undefined,
};

export function pageParams(searchParam: string, pageNumber: number): Record<string, string> {
  const params: Record<string, string> = { pageNumber: String(pageNumber) };
  if (searchParam.trim()) params.searchParam = searchParam.trim();
  return params;
}

/** Flattens the pages of an infinite list, keeping the first copy of a record that moved between pages. */
export function flattenPages<T extends { id: number }, P>(pages: P[] | undefined, pick: (page: P) => T[]): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const record of pick(page)) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      out.push(record);
    }
  }
  return out;
}
