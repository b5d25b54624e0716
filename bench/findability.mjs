// Findability benchmark (issue 13, "Speed"): seeds a brand with many assets (1,000,000 on PostgreSQL, 100,000 on
// PGlite by default) whose titles, tags, files and 5 custom metadata properties look like a real library's, then
// measures through real HTTP, signed in: a word search with 3 filters and 4 facets (p50/p95/p99), suggestions
// (p50/p95), and bulk tagging and bulk metadata on 1,000 selected assets (one request each, wall time).
// Prints figures, asserts nothing. Loopback only; the throwaway database is removed at the end.
//
// Run: npm run bench:findability   (PostgreSQL 15, 1,000,000 assets)
//  or: npm run build && node bench/findability.mjs --backend=pglite --assets=100000
// Options: --backend=postgres|pglite  --assets=N  --samples=N (per latency case, default 300)  --concurrency=N
//          (throughput case, default 8; 0 skips it)  --explain=0 (PostgreSQL: skip the plans of the slowest statements)
//          --keep (leave the seeded database: the cluster running, or PGlite's directory)  --reuse=URL|DIR (measure it again)
//          --budget=S (seconds per latency case, default 180: a slow case stops there, with at least 5 samples)
//
// Seeding: the server migrates an empty database and makes the account, its owner and a brand; the libraries are
// made through the API; then the server stops and the rows are written with set-based SQL straight to the database
// (generate_series, deterministic hashes of the row number, so every run seeds the same data). The search index
// triggers are disabled while seeding and `asset_search_refresh(ids)` fills the index in batches afterwards, as a
// migration of an existing library would.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { signIn } from './lib/client.mjs';
import { BenchServer, freePort, log, median, ms, pct, pool, printSummary, startPostgres } from './lib/harness.mjs';

/** @param {string} name @param {string} fallback */
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const BACKEND = arg('backend', 'postgres');
if (BACKEND !== 'postgres' && BACKEND !== 'pglite') throw new Error('--backend must be postgres or pglite');
const ASSETS = Number(arg('assets', BACKEND === 'postgres' ? '1000000' : '100000'));
const SAMPLES = Number(arg('samples', '300'));
const CONCURRENCY = Number(arg('concurrency', '8'));
const EXPLAIN = arg('explain', '1') !== '0' && BACKEND === 'postgres';
/** --reuse: a database an earlier run seeded and kept (--keep): PostgreSQL's URL, or PGlite's DATA_DIR. */
const REUSE = arg('reuse', '');
const KEEP = process.argv.includes('--keep');
/** Time budget of one latency case, in seconds (a slow search is not sampled for hours). */
const BUDGET_MS = Number(arg('budget', '180')) * 1000;
const CHUNK = 100_000;
const SELECTION = 1_000;
const FOLDERS_PER_LIBRARY = 40;

/* ---------------------------------------------------------------- vocabulary */

// Title words, in four slots ("Autumn harbour portrait banner 0412"); each slot's words are distinct from the
// others', so a one-word query matches about 1/slot-size of the titles (1.6–2.5 %), before tags add theirs.
const MOODS = (
  'autumn spring summer winter holiday festive bold bright calm classic coastal cosy crisp dark fresh golden green ' +
  'light minimal modern morning night nordic urban vintage warm wild quiet rustic sunny misty rainy vivid soft ' +
  'electric retro premium playful serene elegant'
).split(' ');
const PLACES = (
  'harbour city mountain forest beach kitchen studio workshop festival fashion coffee bakery bicycle travel wellness ' +
  'sports music garden market family school hospital hotel restaurant airport train river lake desert island street ' +
  'rooftop museum library stadium bridge farm vineyard harvest ocean snow sunset sunrise skyline village park ' +
  'meadow canyon lighthouse pier campus warehouse'
).split(' ');
const SUBJECTS = (
  'hero portrait detail interior exterior flatlay lifestyle packshot aerial closeup crowd landscape still ' +
  'silhouette group headshot workspace packaging logo icon pattern texture illustration infographic mockup ' +
  'storyboard sketch founder customer chef athlete dancer artist engineer nurse farmer barista architect ' +
  'volunteer student traveller musician designer gardener driver pilot'
).split(' ');
const FORMATS = (
  'banner poster flyer brochure post story thumbnail cover header billboard leaflet newsletter presentation ' +
  'report invitation badge sticker card menu catalogue label postcard signage teaser trailer reel slide ' +
  'whitepaper factsheet datasheet manual guideline mailer advert display wallpaper calendar certificate ticket ' +
  'voucher lookbook'
).split(' ');

// 2,000 tags: single words first (the common ones), then two-word tags; picked with a heavy head (power law).
const TAG_WORDS = [
  ...PLACES,
  ...SUBJECTS,
  ...(
    'people outdoor indoor nature food drink product team event office night day sky water light shadow smile ' +
    'hands city-life teamwork celebration autumn-colours summer-sale new-collection sustainability innovation ' +
    'technology health education community diversity craft heritage luxury comfort energy mobility'
  ).split(' '),
];
const TAG_MODIFIERS = (
  'blue red green yellow orange purple black white golden silver big small young old happy busy empty modern ' +
  'classic natural urban rural local global fresh'
).split(' ');
const TAGS = (() => {
  const out = [...new Set(TAG_WORDS)];
  for (const m of TAG_MODIFIERS) for (const w of TAG_WORDS) if (out.length < 2000) out.push(`${m} ${w}`);
  return out.slice(0, 2000);
})();

const FIRST_NAMES = 'Ada Ben Chloé Dario Emma Farid Greta Hugo Ines Jonas Kaja Luca Maren Nils Olga'.split(' ');
const LAST_NAMES = 'Berg Costa Dubois Eriksen Fischer García Hansen Ivanova Jensen Kowalski'.split(' ');
const PHOTOGRAPHERS = FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => `${f} ${l}`));

/** Extensions with their share of a brand library (in percent), MIME type, asset kind and a size range in bytes. */
const EXTENSIONS = [
  ['jpg', 38, 'image/jpeg', 'Image', 300_000, 12_000_000],
  ['png', 12, 'image/png', 'Image', 50_000, 6_000_000],
  ['tif', 3, 'image/tiff', 'Image', 20_000_000, 120_000_000],
  ['psd', 2, 'image/vnd.adobe.photoshop', 'Image', 30_000_000, 400_000_000],
  ['svg', 4, 'image/svg+xml', 'Image', 2_000, 300_000],
  ['heic', 2, 'image/heic', 'Image', 800_000, 4_000_000],
  ['webp', 2, 'image/webp', 'Image', 40_000, 1_500_000],
  ['gif', 1, 'image/gif', 'Image', 100_000, 8_000_000],
  ['eps', 2, 'application/postscript', 'Image', 200_000, 20_000_000],
  ['mp4', 8, 'video/mp4', 'Video', 5_000_000, 900_000_000],
  ['mov', 3, 'video/quicktime', 'Video', 20_000_000, 2_000_000_000],
  ['webm', 1, 'video/webm', 'Video', 2_000_000, 200_000_000],
  ['pdf', 12, 'application/pdf', 'Document', 80_000, 40_000_000],
  ['docx', 2, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Document', 20_000, 5_000_000],
  ['pptx', 3, 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'Document', 500_000, 80_000_000],
  ['xlsx', 1, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Document', 10_000, 3_000_000],
  ['ai', 2, 'application/postscript', 'Document', 500_000, 60_000_000],
  ['mp3', 1, 'audio/mpeg', 'Audio', 1_000_000, 15_000_000],
  ['wav', 1, 'audio/wav', 'Audio', 5_000_000, 150_000_000],
];
/** One extension per percent (100 entries), for a uniform draw. */
const EXTENSION_BY_PERCENT = EXTENSIONS.flatMap(([ext, share]) => Array.from({ length: Number(share) }, () => String(ext)));
if (EXTENSION_BY_PERCENT.length !== 100) throw new Error(`extension shares add up to ${EXTENSION_BY_PERCENT.length} %`);

/** Pixel sizes by kind (width × height): photographs mostly landscape, some portrait and square. */
const SHAPES = {
  Image: ['6000x4000', '4032x3024', '1920x1080', '3000x2000', '2048x2048', '1080x1080', '1080x1920', '4000x6000', '3024x4032', '2400x1600'],
  Video: ['1920x1080', '3840x2160', '1080x1920', '1280x720'],
  Document: ['595x842', '842x595', '612x792', '1920x1080'],
};

/** Dominant colours with the name the AUTO colour tag gives them (jittered a little per asset). */
const PALETTE = [
  ['Red', 200, 40, 40],
  ['Orange', 230, 130, 30],
  ['Yellow', 235, 210, 60],
  ['Green', 60, 160, 70],
  ['Teal', 30, 160, 150],
  ['Blue', 40, 90, 200],
  ['Purple', 120, 60, 180],
  ['Pink', 230, 100, 170],
  ['Black', 15, 15, 15],
  ['White', 246, 246, 246],
  ['Grey', 128, 128, 128],
  ['Brown', 110, 70, 30],
];

const LIBRARIES = ['Photography', 'Campaigns', 'Product shots', 'Documents and print'];

/* ---------------------------------------------------------------- database access for seeding */

/**
 * @typedef {{ query: (text: string, params?: unknown[]) => Promise<any[]>; close: () => Promise<void> }} SeedDb
 * @param {string | null} url PostgreSQL, or null for PGlite at `pgliteDir`
 * @param {string} pgliteDir
 * @returns {Promise<SeedDb>}
 */
async function openSeedDb(url, pgliteDir) {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  // The same PGlite and extensions as the server (apps/server/src/db/client.ts), on the server's data directory while
  // the server is stopped (PGlite is single-process).
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const db = new PGlite(pgliteDir, { extensions: { pg_trgm, unaccent } });
  await db.waitReady;
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

/**
 * Times one seeding step and logs it.
 * @template T @param {string} what @param {() => Promise<T>} fn @param {Record<string, number>} times
 * @returns {Promise<T>}
 */
async function step(what, fn, times) {
  const t = performance.now();
  const out = await fn();
  const s = (performance.now() - t) / 1000;
  times[what] = (times[what] ?? 0) + s;
  return out;
}

/**
 * Seeds the brand: folders, files, assets with their current revision, tags, 5 custom metadata properties with
 * values, then fills the search index. Every draw is a hash of the row number, so every run seeds the same rows.
 * @param {SeedDb} db @param {{ accountId: number; userId: number; brandId: number; projectIds: number[] }} ctx
 */
async function seed(db, ctx) {
  /** @type {Record<string, number>} */
  const times = {};
  const q = db.query;
  // u(g, k): a uniform draw in [0, 1) for row g and draw k.
  await q(`create or replace function pg_temp.u(g bigint, k int) returns float8 language sql immutable parallel safe as
    $$ select (hashint8extended(g, k) & 2147483647)::float8 / 2147483648 $$`);
  // No trigger fires while seeding (session_replication_role = replica): neither the search index's (the index is
  // filled in batches below) nor the foreign keys' checks, which would double the time; the rows are consistent by
  // construction (every id below is one of the rows just written or of the brand's).
  await q('set session_replication_role = replica');
  // Secondary indexes of the tables filled in bulk are built once at the end (faster than row by row).
  const dropped = await q(
    `select tablename, indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ('asset_tags', 'asset_custom_metadata', 'asset_search')
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const i of dropped) await q(`drop index ${i.indexname}`);

  const [bases] = await q(`select (select coalesce(max(id), 0) from files) as f, (select coalesce(max(id), 0) from assets) as a,
    (select coalesce(max(id), 0) from asset_revisions) as r, (select coalesce(max(id), 0) from sets) as s`);
  const base = { file: Number(bases.f), asset: Number(bases.a), rev: Number(bases.r), set: Number(bases.s) };

  // Folders: 40 per library, named like the titles ("Autumn harbour 2024").
  await step(
    'folders',
    () =>
      q(
        `insert into sets (id, project_id, name, created_by)
         select $1::int + (p.i - 1) * $2::int + k, p.id,
                initcap(($3::text[])[1 + floor(pg_temp.u(p.i * 1000 + k, 1) * cardinality($3::text[]))::int]) || ' ' ||
                ($4::text[])[1 + floor(pg_temp.u(p.i * 1000 + k, 2) * cardinality($4::text[]))::int] || ' ' || (2022 + k % 4),
                $5::int
           from unnest($6::int[]) with ordinality as p(id, i), generate_series(1, $2::int) as k`,
        [base.set, FOLDERS_PER_LIBRARY, MOODS, PLACES, ctx.userId, ctx.projectIds],
      ),
    times,
  );

  // The 5 custom metadata properties of the brand (every library uses them): SELECT, MULTISELECT, DATE, NUMBER, TEXT.
  /** @param {string} name @param {string} type @param {number} position @param {string | null} unit */
  const property = async (name, type, position, unit = null) =>
    Number(
      (
        await q(
          `insert into custom_metadata_properties (account_id, brand_id, name, type, position, unit, created_by)
           values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [ctx.accountId, ctx.brandId, name, type, position, unit, ctx.userId],
        )
      )[0].id,
    );
  /** @param {number} propertyId @param {string[]} values @returns {Promise<number[]>} */
  const options = async (propertyId, values) =>
    (
      await q(
        `insert into custom_metadata_property_options (property_id, value, position)
         select $1::int, v, i::int from unnest($2::text[]) with ordinality as o(v, i) order by i returning id`,
        [propertyId, values],
      )
    ).map((r) => Number(r.id));
  const usage = await property('Usage', 'SELECT', 1);
  const usageOptions = await options(usage, ['Web', 'Print', 'Social', 'Internal', 'Press', 'Retail']);
  const channels = await property('Channels', 'MULTISELECT', 2);
  const channelOptions = await options(channels, [
    'Instagram',
    'LinkedIn',
    'Website',
    'Newsletter',
    'Billboard',
    'TV',
    'YouTube',
    'TikTok',
  ]);
  const shootDate = await property('Shoot date', 'DATE', 3);
  const budget = await property('Budget', 'NUMBER', 4, 'EUR');
  const photographer = await property('Photographer', 'TEXT', 5);

  await q(`create temp table bench_seed (
    g int primary key, asset_id int, file_id int, rev_id int, project_id int, set_id int, title text, description text,
    ext text, mime text, kind text, size bigint, w int, h int, colour text, rgba text, created_at timestamptz,
    deleted boolean, expires_at timestamptz, sha text, phash text, pdf_text text)`);
  const exts = {
    ext: EXTENSIONS.map((e) => e[0]),
    mime: EXTENSIONS.map((e) => e[2]),
    kind: EXTENSIONS.map((e) => e[3]),
    lo: EXTENSIONS.map((e) => e[4]),
    hi: EXTENSIONS.map((e) => e[5]),
  };
  const words = [...MOODS, ...PLACES, ...SUBJECTS, ...FORMATS];
  // The long word lists as a keyed table: a subscript of a long text[] walks the array, a lookup here does not.
  await q('create temp table bench_vocab (list text, i int, v text, primary key (list, i))');
  for (const [list, values] of /** @type {[string, string[]][]} */ ([
    ['word', words],
    ['tag', TAGS],
    ['photographer', PHOTOGRAPHERS],
  ]))
    await q('insert into bench_vocab select $1::text, i::int, v from unnest($2::text[]) with ordinality as x(v, i)', [list, values]);
  await q('analyze bench_vocab');
  for (let lo = 1; lo <= ASSETS; lo += CHUNK) {
    const hi = Math.min(ASSETS, lo + CHUNK - 1);
    await q('truncate bench_seed');
    // Every asset's draws: library, folder (75 % in one), title, extension, shape, colour, dates, trash (1 %),
    // expiry (5 %), content hash (1 % exact duplicates of the previous asset), perceptual hash (1 % near ones).
    await step(
      'assets (draws)',
      () =>
        q(
          `insert into bench_seed
           select g, $1::int + g, $2::int + g, $3::int + g, p.id,
                  case when pg_temp.u(g, 2) < 0.75 then $4::int + (p.i - 1) * $5::int + 1 + floor(pg_temp.u(g, 3) * $5::int)::int end,
                  title, description, e.ext, e.mime, e.kind,
                  e.lo + floor(pg_temp.u(g, 4) * (e.hi - e.lo))::bigint,
                  split_part(shape, 'x', 1)::int, split_part(shape, 'x', 2)::int,
                  c.name, case when e.kind <> 'Audio' then format('rgba(%s,%s,%s,1)',
                    greatest(0, least(255, c.r + floor(pg_temp.u(g, 5) * 20)::int - 10)),
                    greatest(0, least(255, c.gr + floor(pg_temp.u(g, 6) * 20)::int - 10)),
                    greatest(0, least(255, c.b + floor(pg_temp.u(g, 7) * 20)::int - 10))) end,
                  created_at, pg_temp.u(g, 8) < 0.01,
                  case when pg_temp.u(g, 9) < 0.05 then created_at + interval '730 days' end,
                  encode(sha256(convert_to('bench' || case when pg_temp.u(g, 10) < 0.01 then g - 1 else g end, 'UTF8')), 'hex'),
                  case when e.kind = 'Image' then lpad(to_hex(hashint8extended(g - (pg_temp.u(g, 11) < 0.01)::int, 12)
                    # (pg_temp.u(g, 11) < 0.01)::int::bigint), 16, '0') end,
                  case when e.ext = 'pdf' and pg_temp.u(g, 13) < 0.5 then
                    (select string_agg(w.v, ' ') from generate_series(1, 40 + g % 7) as k
                       join bench_vocab w on w.list = 'word' and w.i = 1 + floor(pg_temp.u(g::bigint * 64 + k, 14) * $13::int)::int) end
             from generate_series($6::int, $7::int) as g
             cross join lateral (select id, i from unnest($8::int[]) with ordinality as p(id, i)
                                 offset floor(power(pg_temp.u(g, 1), 1.6) * cardinality($8::int[]))::int limit 1) as p
             cross join lateral (select initcap(($9::text[])[1 + floor(pg_temp.u(g, 20) * cardinality($9::text[]))::int]) || ' ' ||
                                        ($10::text[])[1 + floor(pg_temp.u(g, 21) * cardinality($10::text[]))::int] || ' ' ||
                                        ($11::text[])[1 + floor(pg_temp.u(g, 22) * cardinality($11::text[]))::int] || ' ' ||
                                        ($12::text[])[1 + floor(pg_temp.u(g, 23) * cardinality($12::text[]))::int] || ' ' ||
                                        lpad((g % 10000)::text, 4, '0') as title,
                                        case when pg_temp.u(g, 24) < 0.3 then 'Made for the ' ||
                                          ($10::text[])[1 + floor(pg_temp.u(g, 25) * cardinality($10::text[]))::int] || ' ' ||
                                          ($12::text[])[1 + floor(pg_temp.u(g, 26) * cardinality($12::text[]))::int] ||
                                          ', in ' || ($9::text[])[1 + floor(pg_temp.u(g, 27) * cardinality($9::text[]))::int] ||
                                          ' light.' else '' end as description,
                                        timestamptz '2023-01-01 00:00:00+00' + (g::float8 / $27::int) * interval '1060 days'
                                          + pg_temp.u(g, 28) * interval '2 days' as created_at) as t
             cross join lateral (select ($14::text[])[1 + floor(pg_temp.u(g, 29) * 100)::int] as ext) as x
             join unnest($15::text[], $16::text[], $17::text[], $18::bigint[], $19::bigint[]) as e(ext, mime, kind, lo, hi)
               on e.ext = x.ext
             cross join lateral (select case e.kind
                                   when 'Image' then ($20::text[])[1 + floor(pg_temp.u(g, 30) * cardinality($20::text[]))::int]
                                   when 'Video' then ($21::text[])[1 + floor(pg_temp.u(g, 30) * cardinality($21::text[]))::int]
                                   when 'Document' then ($22::text[])[1 + floor(pg_temp.u(g, 30) * cardinality($22::text[]))::int]
                                   end as shape) as s
             cross join lateral (select 1 + floor(pg_temp.u(g, 31) * cardinality($23::text[]))::int as i) as ci
             cross join lateral (select ($23::text[])[ci.i] as name, ($24::int[])[ci.i] as r, ($25::int[])[ci.i] as gr,
                                        ($26::int[])[ci.i] as b) as c`,
          [
            base.asset,
            base.file,
            base.rev,
            base.set,
            FOLDERS_PER_LIBRARY,
            lo,
            hi,
            ctx.projectIds,
            MOODS,
            PLACES,
            SUBJECTS,
            FORMATS,
            words.length,
            EXTENSION_BY_PERCENT,
            exts.ext,
            exts.mime,
            exts.kind,
            exts.lo,
            exts.hi,
            SHAPES.Image,
            SHAPES.Video,
            SHAPES.Document,
            PALETTE.map((c) => c[0]),
            PALETTE.map((c) => c[1]),
            PALETTE.map((c) => c[2]),
            PALETTE.map((c) => c[3]),
            ASSETS,
          ],
        ),
      times,
    );
    // Only the total number of rows depends on `hi`; created_at spreads over the whole run, not over the chunk.
    await step(
      'files',
      () =>
        q(
          `insert into files (id, account_id, uploaded_by, storage_key, original_name, extension, mime_type, size, sha256, claimed_at, created_at)
           select file_id, $1::int, $2::int, 'bench/' || file_id, lower(replace(title, ' ', '-')) || '.' || ext, ext, mime, size, sha, created_at, created_at
             from bench_seed`,
          [ctx.accountId, ctx.userId],
        ),
      times,
    );
    await step(
      'assets',
      () =>
        q(
          `insert into assets (id, account_id, project_id, set_id, title, description, status, current_revision_id, position, token,
                               created_by, created_at, modified_at, expires_at, deleted_at, deleted_by)
           select asset_id, $1::int, project_id, set_id, title, description, 'FINISHED', rev_id, g, md5('bench-asset-' || asset_id),
                  $2::int, created_at, created_at + interval '3 hours', expires_at,
                  case when deleted then created_at + interval '30 days' end, case when deleted then $2::int end
             from bench_seed`,
          [ctx.accountId, ctx.userId],
        ),
      times,
    );
    await step(
      'revisions',
      () =>
        q(
          `insert into asset_revisions (id, asset_id, file_id, number, status, kind, metadata, preview_key, preview_background_color,
                                        perceptual_hash, extracted_text, created_by, created_at)
           select rev_id, asset_id, file_id, 1, 'FINISHED', kind,
                  case when kind in ('Image', 'Video', 'Document') then jsonb_build_object('width', w, 'height', h,
                    'preview_width', least(w, 1600), 'preview_height', (h * least(w, 1600) / w)) else '{}'::jsonb end,
                  case when kind <> 'Audio' then 'bench/previews/' || rev_id end, rgba, phash, pdf_text, $1::int, created_at
             from bench_seed`,
          [ctx.userId],
        ),
      times,
    );
    // Tags: 1–3 MANUAL from the 2,000-word vocabulary (power-law: a few are on many assets, most on few), and the
    // AUTO ones processing would give (orientation, dominant colour name, type).
    await step(
      'tags',
      async () => {
        await q(
          `insert into asset_tags (asset_id, value, key, source, engine, created_by, created_at)
           select s.asset_id, t.v, lower(t.v), 'MANUAL', null, $1::int, s.created_at
             from bench_seed s
             cross join lateral generate_series(1, 1 + floor(pg_temp.u(s.g, 40) * 3)::int) as k
             join bench_vocab t on t.list = 'tag' and t.i = 1 + floor(power(pg_temp.u(s.g::bigint * 8 + k, 41), 2.2) * $2::int)::int
           on conflict do nothing`,
          [ctx.userId, TAGS.length],
        );
        await q(
          `insert into asset_tags (asset_id, value, key, source, engine, created_at)
           select asset_id, v, lower(v), 'AUTO', engine, created_at from (
             select asset_id, created_at, case when w * 100 > h * 105 then 'Landscape' when w * 100 < h * 95 then 'Portrait'
                    else 'Square' end as v, 'orientation' as engine from bench_seed where kind in ('Image', 'Video', 'Document')
             union all select asset_id, created_at, colour, 'colour' from bench_seed where rgba is not null
             union all select asset_id, created_at, kind, 'type' from bench_seed) as a
           on conflict do nothing`,
        );
      },
      times,
    );
    // Custom metadata on most assets: Usage (SELECT, 85 %), Channels (MULTISELECT, 1–3 options, ~70 %),
    // Shoot date (DATE, 60 %), Budget (NUMBER, 50 %), Photographer (TEXT, 75 %). SELECT is stored as a one-element
    // list of option ids, like MULTISELECT (packages/core/src/metadata/schemas.ts).
    await step(
      'custom metadata',
      () =>
        q(
          `insert into asset_custom_metadata (asset_id, property_id, value, modified_by, modified_at)
           select asset_id, $1::int, jsonb_build_array(($2::int[])[1 + floor(power(pg_temp.u(g, 50), 1.5) * cardinality($2::int[]))::int]),
                  $3::int, created_at from bench_seed where pg_temp.u(g, 51) < 0.85
           union all
           select asset_id, $4::int, v, $3::int, created_at from (
             select asset_id, created_at, (select jsonb_agg(o order by o) from unnest($5::int[]) with ordinality as x(o, i)
                                             where pg_temp.u(s.g::bigint * 16 + i, 52) < 0.2) as v
               from bench_seed s where pg_temp.u(g, 53) < 0.8) as m where v is not null
           union all
           select asset_id, $6::int, to_jsonb(to_char(created_at - pg_temp.u(g, 54) * interval '60 days', 'YYYY-MM-DD')), $3::int, created_at
             from bench_seed where pg_temp.u(g, 55) < 0.6
           union all
           select asset_id, $7::int, to_jsonb(100 + floor(pg_temp.u(g, 56) * 49900)::int), $3::int, created_at
             from bench_seed where pg_temp.u(g, 57) < 0.5
           union all
           select s.asset_id, $8::int, to_jsonb(w.v), $3::int, s.created_at
             from bench_seed s join bench_vocab w on w.list = 'photographer' and w.i = 1 + floor(pg_temp.u(s.g, 58) * $9::int)::int
            where pg_temp.u(s.g, 59) < 0.75`,
          [usage, usageOptions, ctx.userId, channels, channelOptions, shootDate, budget, photographer, PHOTOGRAPHERS.length],
        ),
      times,
    );
    log(`seeded ${hi.toLocaleString('en')} of ${ASSETS.toLocaleString('en')} assets`);
  }
  await q('drop table bench_seed, bench_vocab');
  for (const [table, column] of [
    ['files', 'id'],
    ['assets', 'id'],
    ['asset_revisions', 'id'],
    ['sets', 'id'],
  ])
    await q(`select setval(pg_get_serial_sequence('${table}', '${column}'), (select max(${column}) from ${table}))`);

  // The search index: asset_search_refresh (migration 0015, decision 0039) in batches, as it would index a library
  // that existed before the index did.
  const [refresh] = await q(`select count(*)::int as n from pg_proc where proname = 'asset_search_rebuild_aggregates'`);
  if (refresh.n > 0) {
    const batch = 50_000;
    const [range] = await q('select min(id) as lo, max(id) as hi from assets');
    for (let lo = Number(range.lo); lo <= Number(range.hi); lo += batch) {
      await step(
        'search index (asset_search_refresh)',
        () => q('select asset_search_refresh(array(select id from assets where id >= $1 and id < $2))', [lo, lo + batch]),
        times,
      );
      log(`indexed assets up to id ${Math.min(Number(range.hi), lo + batch - 1).toLocaleString('en')}`);
    }
    // Tag counts and the typo vocabulary (migration 0016, decision 0043), which the triggers keep from here on.
    await step('tag counts and vocabulary', () => q('select asset_search_rebuild_aggregates()'), times);
  } else {
    log('asset_search_rebuild_aggregates() does not exist in this database (before migration 0016): the search index stays empty');
  }
  await step(
    'indexes',
    async () => {
      await q(`set maintenance_work_mem = '${BACKEND === 'postgres' ? '1GB' : '256MB'}'`);
      for (const i of dropped) await q(i.indexdef);
    },
    times,
  );
  await q('set session_replication_role = origin');
  await step('vacuum analyze', () => q('vacuum analyze'), times);
  return times;
}

/**
 * What is in a seeded database: counts, its size, the custom metadata properties with their option ids.
 * @param {SeedDb} db @param {number} brandId
 */
async function readSeeded(db, brandId) {
  const [facts] =
    await db.query(`select (select count(*) from assets)::int as assets, (select count(*) from assets where deleted_at is not null)::int as trashed,
      (select count(*) from asset_tags)::int as tags, (select count(distinct key) from asset_tags)::int as distinct_tags,
      (select count(*) from asset_custom_metadata)::int as values, (select count(*) from asset_search)::int as indexed,
      (select count(*) from sets)::int as folders, pg_database_size(current_database())::bigint as bytes`);
  const properties = await db.query(
    `select p.name, p.id, array(select o.id from custom_metadata_property_options o where o.property_id = p.id order by o.position) as options
       from custom_metadata_properties p where p.brand_id = $1`,
    [brandId],
  );
  // 1,000 live assets spread over the libraries, for the bulk requests (a selection as a search would give).
  const selection = (
    await db.query('select id from assets where deleted_at is null and id % 97 = 0 order by id desc limit $1', [SELECTION])
  ).map((r) => Number(r.id));
  return { facts, properties, selection };
}

/* ---------------------------------------------------------------- measuring */

/**
 * Sequential calls of `call(i)` after `warm` untimed ones; each call returns a Response, whose body is read.
 * @param {(i: number) => Promise<Response>} call @param {number} count @param {number} warm
 */
async function latencies(call, count, warm = Math.min(20, count)) {
  const started = performance.now();
  for (let i = 0; i < warm && performance.now() - started < BUDGET_MS / 4; i++) await (await call(i)).arrayBuffer();
  /** @type {number[]} */
  const out = [];
  const sampling = performance.now();
  // A slow case stops at its time budget (with at least 5 samples); the summary says how many were taken.
  for (let i = 0; i < count && (out.length < 5 || performance.now() - sampling < BUDGET_MS); i++) {
    const t = performance.now();
    const res = await call(i);
    const body = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 400)}`);
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * `count` calls with `n` in flight at once: requests per second and latencies.
 * @param {(i: number) => Promise<Response>} call @param {number} count @param {number} n
 */
async function throughput(call, count, n) {
  /** @type {number[]} */
  const times = [];
  const t0 = performance.now();
  await pool(
    Array.from({ length: count }, (_, i) => i),
    n,
    async (i) => {
      const t = performance.now();
      const res = await call(i);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${res.status}`);
      times.push(performance.now() - t);
    },
  );
  return { rate: count / ((performance.now() - t0) / 1000), times };
}

/* ---------------------------------------------------------------- the run */

const work = mkdtempSync(join(tmpdir(), 'emblem-bench-findability-'));
/** The server's DATA_DIR (PGlite's database is in its pglite/ folder). */
const dataDir = BACKEND === 'pglite' && REUSE ? REUSE : join(work, 'data');
const pgliteDir = join(dataDir, 'pglite');
const email = 'bench@example.com';
const password = 'bench-password-123456';
const memberEmail = 'member@example.com';
/** PostgreSQL tuned as a dedicated database machine would be (a quarter of the memory for the buffer pool, SSD costs). */
const PG_SETTINGS = {
  shared_buffers: '2GB',
  effective_cache_size: '6GB',
  work_mem: '16MB',
  maintenance_work_mem: '1GB',
  max_wal_size: '8GB',
  checkpoint_timeout: '30min',
  random_page_cost: '1.1',
  // Loaded but silent (log_min_duration -1 by default) until the plans are asked for, through ALTER SYSTEM.
  shared_preload_libraries: 'auto_explain',
};
// With --reuse no cluster is started and nothing is seeded: the kept database is measured again.
const postgres = BACKEND === 'postgres' && !REUSE ? await startPostgres(PG_SETTINGS) : null;
const databaseUrl = BACKEND === 'postgres' ? REUSE || postgres?.url : undefined;
const server = new BenchServer(await freePort(), {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  EMBLEM_ADMIN_EMAIL: email,
  EMBLEM_ADMIN_PASSWORD: password,
  EMBLEM_DEMO: 'false',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
/** @type {import('./lib/harness.mjs').SummaryRow[]} */
const summary = [];
let exitCode = 0;

function cleanup() {
  server.kill();
  if (KEEP && postgres) {
    log(`--keep: the seeded cluster stays up: measure it again with --reuse=${postgres.url}; stop it with`);
    log(`  runuser -u postgres -- pg_ctl -D ${dirname(postgres.log)}/data stop; rm -r ${dirname(postgres.log)}`);
  } else postgres?.stop();
  if (KEEP && BACKEND === 'pglite' && !REUSE) log(`--keep: measure it again with --reuse=${dataDir} (rm -r ${work} at the end)`);
  else rmSync(work, { recursive: true, force: true });
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });

/** @param {string} part @param {string} measure @param {string} value @param {string} [target] */
const row = (part, measure, value, target = '') => summary.push({ part, measure, value, target });
const n = (/** @type {number} */ v) => v.toLocaleString('en');

try {
  log(
    `${BACKEND === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}: starting the built server (apps/server/dist)${REUSE ? ' on the kept database' : ' on an empty database'}`,
  );
  await server.start();
  let client = await signIn(server.base, email, password);
  const brand = (await client.api('GET', '/api/brand'))[0];
  /** @type {Awaited<ReturnType<typeof readSeeded>>} */
  let seededData = { facts: {}, properties: [], selection: [] };
  if (!REUSE) {
    /** @type {number[]} */
    const projectIds = [];
    for (const name of LIBRARIES)
      projectIds.push((await client.api('POST', '/api/project/add/', { name, brand: brand.id, project_type: 'MEDIALIBRARY' })).id);
    await server.stop();

    log(`seeding ${n(ASSETS)} assets with set-based SQL`);
    const db = await openSeedDb(databaseUrl ?? null, pgliteDir);
    const [owner] = await db.query(
      'select u.id, m.account_id from users u join memberships m on m.user_id = u.id where lower(u.email) = $1',
      [email],
    );
    const seedStarted = performance.now();
    const times = await seed(db, { accountId: owner.account_id, userId: owner.id, brandId: brand.id, projectIds });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    // A member who sees three of the four libraries (VIEW), to measure search through the per-library access check.
    const [member] = await db.query(
      `insert into users (name, email, password_hash, gravatar_hash, email_verified_at)
       select 'Bench Member', $1::text, password_hash, md5($1::text), now() from users where id = $2::int returning id`,
      [memberEmail, owner.id],
    );
    await db.query(`insert into memberships (account_id, user_id, role) values ($1, $2, 'MEMBER')`, [owner.account_id, member.id]);
    await db.query(`insert into project_users (project_id, user_id, level) select unnest($1::int[]), $2, 'VIEW'`, [
      projectIds.slice(0, 3),
      member.id,
    ]);
    seededData = await readSeeded(db, brand.id);
    await db.close();
    for (const [what, sec] of Object.entries(times)) row('seed', what, `${sec.toFixed(1)} s`);
    row('seed', 'total', `${seedSeconds.toFixed(0)} s`);
    log('starting the server on the seeded database');
    await server.start();
    client = await signIn(server.base, email, password);
  }
  if (REUSE) {
    // PGlite is one process's: the server stops while the benchmark reads it.
    if (BACKEND === 'pglite') await server.stop();
    const db = await openSeedDb(databaseUrl ?? null, pgliteDir);
    seededData = await readSeeded(db, brand.id);
    await db.close();
    if (BACKEND === 'pglite') {
      await server.start();
      client = await signIn(server.base, email, password);
    }
  }
  const { facts, properties } = seededData;
  /** @param {string} name */
  const prop = (name) => {
    const p = properties.find((r) => r.name === name);
    if (!p) throw new Error(`no property ${name}: is this a database the benchmark seeded?`);
    return { id: Number(p.id), options: /** @type {number[]} */ (p.options).map(Number) };
  };
  const seeded = { usage: prop('Usage'), channels: prop('Channels'), photographer: prop('Photographer') };
  row('data', `assets (in the trash)`, `${n(facts.assets)} (${n(facts.trashed)})`);
  row('data', 'tags on assets (distinct tags)', `${n(facts.tags)} (${n(facts.distinct_tags)})`);
  row('data', 'custom metadata values (5 properties)', n(facts.values));
  row('data', 'folders; rows in asset_search', `${n(facts.folders)}; ${n(facts.indexed)}`);
  row('data', 'database size', `${(Number(facts.bytes) / 2 ** 30).toFixed(2)} GiB`);
  if (!facts.indexed) throw new Error('the search index (asset_search) is empty: does migration 0015 have asset_search_refresh?');
  const { post } = client;
  const usageFacet = `custom_metadata.${seeded.usage.id}`;
  const FILTERS = [
    { field: 'type', operator: 'IS', value: 'Image' },
    { field: usageFacet, operator: 'IS_ONE_OF', value: [seeded.usage.options[0], seeded.usage.options[2]] },
    { field: 'created_at', operator: 'IS_AFTER', value: '2024-06-01' },
  ];
  const FACETS = ['type', 'extension', 'tags', usageFacet];
  // Words of titles, descriptions and tags; some are common tags too (coffee, lighthouse), most are not.
  const QUERIES = ['autumn', 'banner', 'coffee', 'poster', 'packshot', 'lighthouse', 'brochure', 'misty', 'catalogue', 'serene'];
  const TYPOS = ['autum', 'bannner', 'cofee', 'postr', 'packshoot', 'lighthose', 'brochre', 'misti', 'catalouge', 'seren'];
  const PREFIXES = ['au', 'ha', 'po', 'ban', 'cof', 'gold', 'fes', 'pa', 'lig', 'spr', 'win', 'sun', 'ho', 'mar', 'stu', 'ca'];
  /** @param {Record<string, unknown>} body */
  const search = (body) => post('/api/asset/search', { brand_id: brand.id, limit: 50, ...body });

  /**
   * Runs one case; a case that fails (the server refuses, a route is missing) is reported in the summary and the
   * others still run. @param {string} part @param {string} name @param {() => Promise<void>} fn
   */
  const attempt = async (part, name, fn) => {
    try {
      await fn();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log(`${name} failed: ${message.slice(0, 300)}`);
      row(part, name, `failed: ${message.replace(/^POST \S+: /, '').slice(0, 40)}`);
    }
  };

  // How selective each word is (the whole brand, and with the 3 filters).
  await attempt('data', 'word query matches, % of assets (min–max)', async () => {
    /** @type {number[]} */
    const shares = [];
    /** @type {string[]} */
    const matches = [];
    for (const query of QUERIES) {
      const all = await client.api('POST', '/api/asset/search', { brand_id: brand.id, query, limit: 1 });
      const filtered = await client.api('POST', '/api/asset/search', { brand_id: brand.id, query, filters: FILTERS, limit: 1 });
      matches.push(`${query} ${n(all.total)}/${n(filtered.total)}`);
      shares.push(all.total / facts.assets);
    }
    log(`matches per word (all / with the 3 filters): ${matches.join(', ')}`);
    row(
      'data',
      'word query matches, % of assets (min–max)',
      `${(Math.min(...shares) * 100).toFixed(1)}–${(Math.max(...shares) * 100).toFixed(1)} %`,
    );
  });

  const target = BACKEND === 'postgres' && ASSETS >= 1_000_000;
  log(`search: ${SAMPLES} sequential requests per case, after 20 warm-up requests`);
  /** @param {string} measure @param {(i: number) => Promise<Response>} call @param {string} [p95Target] */
  const latencyCase = (measure, call, p95Target = '') =>
    attempt('search', measure, async () => {
      const t = await latencies(call, SAMPLES);
      row('search', `${measure}: p50`, ms(median(t)));
      row('search', `${measure}: p95 (${t.length} samples)`, ms(pct(t, 95)), target ? p95Target : '');
      row('search', `${measure}: p99`, ms(pct(t, 99)));
    });
  await latencyCase(
    'word + 3 filters + 4 facets',
    (i) => search({ query: QUERIES[i % QUERIES.length], filters: FILTERS, facets: FACETS }),
    '< 50 ms',
  );
  await latencyCase('word only, by relevance', (i) => search({ query: QUERIES[i % QUERIES.length] }));
  await latencyCase('no word, 3 filters + 4 facets, by date', (i) =>
    search({ filters: FILTERS, facets: FACETS, sort: { by: 'created_at', direction: i % 2 ? 'asc' : 'desc' } }),
  );
  await latencyCase('misspelt word + 3 filters + 4 facets', (i) =>
    search({ query: TYPOS[i % TYPOS.length], filters: FILTERS, facets: FACETS }),
  );
  const memberClient = await signIn(server.base, memberEmail, password).catch(() => null);
  if (memberClient) {
    await latencyCase('member (3 of 4 libraries): word + 3 filters + 4 facets', (i) =>
      memberClient.post('/api/asset/search', {
        brand_id: brand.id,
        limit: 50,
        query: QUERIES[i % QUERIES.length],
        filters: FILTERS,
        facets: FACETS,
      }),
    );
  } else log('the member could not sign in: its case is left out');

  if (CONCURRENCY > 0) {
    await attempt('search', `word + 3 filters + 4 facets, ${CONCURRENCY} at once`, async () => {
      const tp = await throughput(
        (i) => search({ query: QUERIES[i % QUERIES.length], filters: FILTERS, facets: FACETS }),
        Math.max(SAMPLES, 200),
        CONCURRENCY,
      );
      row('search', `word + 3 filters + 4 facets, ${CONCURRENCY} at once: rate`, `${tp.rate.toFixed(1)} req/s`);
      row('search', `word + 3 filters + 4 facets, ${CONCURRENCY} at once: p50 / p95`, `${ms(median(tp.times))} / ${ms(pct(tp.times, 95))}`);
    });
  }

  log(`suggestions: ${SAMPLES} sequential requests for 2–4 letter prefixes`);
  await attempt('suggest', 'suggestions, 2–4 letters', async () => {
    const t = await latencies(
      (i) =>
        fetch(
          `${server.base}/api/asset/search/suggestions?brand_id=${brand.id}&q=${encodeURIComponent(PREFIXES[i % PREFIXES.length] ?? 'a')}`,
          {
            headers: client.auth,
          },
        ),
      SAMPLES,
    );
    row('suggest', 'suggestions, 2–4 letters: p50', ms(median(t)));
    row('suggest', `suggestions, 2–4 letters: p95 (${t.length} samples)`, ms(pct(t, 95)), target ? '< 20 ms' : '');
  });

  // Paging: 1,000 results of a word search by date, 10 pages of 100 with the cursor.
  await attempt('search', 'page through 1,000 results', async () => {
    let cursor;
    let count = 0;
    let pages = 0;
    const t = performance.now();
    while (count < SELECTION) {
      const page = await client.api('POST', '/api/asset/search', {
        brand_id: brand.id,
        query: 'autumn',
        sort: { by: 'created_at', direction: 'desc' },
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      count += page.items.length;
      pages++;
      cursor = page.next_cursor;
      if (!cursor) break;
    }
    row('search', `page through ${n(count)} results of a word, by date (${pages} pages of 100)`, ms(performance.now() - t));
  });

  const selection = seededData.selection;
  log(`bulk: tagging and custom metadata on ${n(selection.length)} assets of the 4 libraries, one request each`);
  /** @param {string} measure @param {string} path @param {unknown} body */
  const timed = async (measure, path, body) => {
    const t = performance.now();
    const res = await post(path, body);
    const text = await res.text();
    const took = performance.now() - t;
    row('bulk', measure, res.ok ? ms(took) : `${res.status} after ${ms(took)}`, 'a few seconds');
    if (!res.ok) log(`${path}: ${res.status} ${text.slice(0, 300)}`);
    return res.ok;
  };
  const tagsAdded = await timed(`add 2 tags to ${n(selection.length)} assets (POST /api/tags)`, '/api/tags', {
    type: 'add',
    tags: ['Bench review', 'Q4 selection'],
    asset_ids: selection,
  });
  if (tagsAdded) {
    await attempt('bulk', 'the search finds the new tag', async () => {
      const found = await client.api('POST', '/api/asset/search', {
        brand_id: brand.id,
        filters: [{ field: 'tags', operator: 'IS', value: 'Q4 selection' }],
        limit: 1,
      });
      row('bulk', 'assets the search finds by the new tag right after', n(found.total));
    });
  }
  await timed(`remove 1 tag from ${n(selection.length)} assets (POST /api/tags)`, '/api/tags', {
    type: 'remove',
    tags: ['Bench review'],
    asset_ids: selection,
  });
  await timed(`set 2 metadata values on ${n(selection.length)} assets`, '/api/asset/custom-metadata', {
    asset_ids: selection,
    action: 'set',
    values: [
      { property_id: seeded.usage.id, value: seeded.usage.options[1] },
      { property_id: seeded.photographer.id, value: 'Bench Photographer' },
    ],
  });
  await timed(`add a MULTISELECT option on ${n(selection.length)} assets`, '/api/asset/custom-metadata', {
    asset_ids: selection,
    action: 'add',
    values: [{ property_id: seeded.channels.id, value: [seeded.channels.options[7]] }],
  });

  if (EXPLAIN && postgres) {
    // The plans of the search's statements, once each case, with auto_explain (only now: ANALYZE timing costs).
    log('plans: auto_explain of the statements slower than 10 ms, one request per case');
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const logStart = readFileSync(postgres.log, 'utf8').length;
    for (const [k, v] of Object.entries({
      'auto_explain.log_min_duration': '10',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
      'auto_explain.log_nested_statements': 'on',
    }))
      await admin.query(`alter system set ${k} = '${v}'`);
    await admin.query('select pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 500));
    await (await search({ query: QUERIES[0], filters: FILTERS, facets: FACETS })).arrayBuffer();
    await (await search({ query: TYPOS[0], filters: FILTERS, facets: FACETS })).arrayBuffer();
    await (await fetch(`${server.base}/api/asset/search/suggestions?brand_id=${brand.id}&q=ha`, { headers: client.auth })).arrayBuffer();
    await admin.query('alter system reset all');
    await admin.query('select pg_reload_conf()');
    await admin.end();
    const plans = readFileSync(postgres.log, 'utf8').slice(logStart);
    console.log(`\n--- auto_explain (statements over 10 ms) ---\n${plans.trim() || '(none: every statement took less than 10 ms)'}\n---`);
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  cleanup();
}

printSummary(
  `Emblem findability benchmark: ${n(ASSETS)} assets on ${BACKEND === 'postgres' ? 'PostgreSQL 15' : 'embedded PGlite'}, loopback, signed in as the account owner`,
  summary,
);
process.exit(exitCode);
