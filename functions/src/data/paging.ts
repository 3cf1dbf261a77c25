/** Every item of a paged electrodb query, page after page (`page` runs the query from a cursor). */
export async function allPages<T>(page: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>) {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const result = await page(cursor);
    out.push(...result.data);
    cursor = result.cursor;
  } while (cursor);
  return out;
}
