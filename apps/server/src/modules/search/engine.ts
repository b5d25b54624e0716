import type { Db } from '../../db/client.js';
import * as q from './queries.js';

/**
 * The search engine behind the asset search (decision 0039). Operations check access first and hand it only the
 * projects the caller may see and filters already checked; it answers ids, counts and facets. The one
 * implementation is PostgreSQL full-text search over the trigger-kept `asset_search` table, with pg_trgm over the
 * libraries' vocabulary for typo tolerance (decision 0043); a dedicated engine could take its place, fed from the
 * events table.
 */
export interface SearchEngine {
  search(db: Db, request: q.SqlSearch): Promise<q.SearchRows>;
  suggest(db: Db, projectIds: readonly number[], query: string, limit: number): Promise<q.SuggestionRows>;
}

export const postgresEngine: SearchEngine = {
  search: async (db, request) =>
    q.search(db, { ...request, parsed: request.query ? await q.parseQuery(db, request.projectIds, request.query) : undefined }),
  suggest: (db, projectIds, query, limit) => q.suggest(db, projectIds, query, limit),
};
