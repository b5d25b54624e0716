// Media benchmark, part 3: listing latency with many assets (10,000 by default) in one folder.
import { log, ms, pct, pool } from '../lib/harness.mjs';

/**
 * Creates `count` link assets in one folder, then times the folder's first page, a deep page, a list by ids and
 * the folder tree, 200 requests each.
 * @param {import('./context.mjs').MediaContext} ctx @param {number} count
 */
export async function benchListing({ client, library, summary }, count) {
  const { api, post, auth, base } = client;
  /* ---------- 3. listing ---------- */
  log(`creating ${count} assets in one folder (link assets: no files, no jobs)`);
  const folder = await api('POST', `/api/set/create/${library.id}`, { name: 'Ten thousand', parent: null });
  const t2 = performance.now();
  /** @type {number[]} */
  const listIds = [];
  await pool(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const a = await api('POST', '/api/asset', {
        object_type: 'URL',
        external_url: `https://example.com/asset/${i}`,
        title: `Asset ${String(i).padStart(5, '0')}`,
        project_id: library.id,
        set_id: folder.id,
      });
      listIds[i] = a.id;
    },
  );
  log(`created in ${((performance.now() - t2) / 1000).toFixed(1)} s`);
  /** @param {string} name @param {() => Promise<Response>} call @param {number} n */
  const latency = async (name, call, n = 200) => {
    const values = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await call();
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      values.push(performance.now() - t);
    }
    summary.push({
      part: 'listing',
      measure: `${name} p50 / p95`,
      value: `${ms(pct(values, 50))} / ${ms(pct(values, 95))}`,
      target: 'p95 < 50 ms',
    });
  };
  await latency('POST /api/asset/list folder, first 100', () =>
    post('/api/asset/list', { project_id: library.id, set_id: folder.id, limit: 100, include_preview_url: true }),
  );
  let cursor = null;
  for (let page = 0; page < 50; page++) {
    const data = await api('POST', '/api/asset/list', { project_id: library.id, set_id: folder.id, limit: 100, cursor });
    cursor = data.next_cursor;
  }
  const deep = cursor;
  await latency('POST /api/asset/list folder, page 51', () =>
    post('/api/asset/list', { project_id: library.id, set_id: folder.id, limit: 100, cursor: deep }),
  );
  await latency('POST /api/asset/list by 100 ids', () =>
    post('/api/asset/list', { ids: listIds.slice(5000, 5100), include_preview_url: true }),
  );
  await latency('GET /api/project/{id}/set (folder tree)', () => fetch(`${base}/api/project/${library.id}/set`, { headers: auth }));
}
