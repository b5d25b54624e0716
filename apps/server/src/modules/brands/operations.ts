import { type BrandHomeAsset, type BrandHomeResponse, type BrandResponse, fileTypeGroup, slugify } from '@emblem/core';
import { requireAccount, requireBrand } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError } from '../../http/errors.js';
import { type ImageDeps, type ImageSave, resolveImageSave } from '../images/public.js';
import { enqueueMediaPurge, SMALL_PREVIEW_WIDTH, signedMediaUrl } from '../media/public.js';
import { listProjects } from '../projects/public.js';
import { brandPolicy } from './policy.js';
import * as q from './queries.js';

export function presentBrand(actor: Actor, b: q.BrandRow): BrandResponse {
  return {
    id: b.id,
    account_id: b.accountId,
    name: b.name,
    slug: b.slug,
    avatar: b.avatar,
    is_favourite: b.isFavourite,
    created_at: b.createdAt.toISOString(),
    permissions: brandPolicy.permissions(actor),
  };
}
export type Brand = ReturnType<typeof presentBrand>;

function load(db: Db, actor: Actor, id: number) {
  return requireBrand(db, actor, id, 'brand.view');
}

export async function listBrands(db: Db, actor: Actor, accountId = actor.accountId): Promise<Brand[]> {
  requireAccount(actor, accountId, 'account.view');
  return (await q.listBrands(db, accountId, actor.userId)).map((b) => presentBrand(actor, b));
}

export async function getBrand(db: Db, actor: Actor, id: number): Promise<Brand> {
  return presentBrand(actor, await load(db, actor, id));
}

/** A free slug for the name: "acme", then "acme-2", "acme-3"… */
async function freeSlug(db: Db, accountId: number, name: string) {
  const base = slugify(name);
  for (let i = 1; i < 1000; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    if (!(await q.slugTaken(db, accountId, candidate))) return candidate;
  }
  throw new ConflictError('Could not find a free slug for this name');
}

export async function createBrand(db: Db, actor: Actor, input: { name: string }): Promise<Brand> {
  brandPolicy.assertCreate(actor);
  return db.transaction(async (tx) => {
    const slug = await freeSlug(tx, actor.accountId, input.name);
    const { id } = await q.insertBrand(tx, { accountId: actor.accountId, name: input.name, slug, createdBy: actor.userId });
    await audit(tx, actor, 'brand:create', id);
    return presentBrand(actor, await load(tx, actor, id));
  });
}

export interface BrandUpdate {
  name?: string;
  slug?: string;
  /** The avatar as the image setting saves it (the image save of docs/api.md); see images/operations. */
  avatar?: ImageSave;
}

export async function updateBrand(deps: ImageDeps, actor: Actor, id: number, input: BrandUpdate): Promise<Brand> {
  brandPolicy.assertEdit(actor, await load(deps.db, actor, id));
  // A brand's avatar is shown square: the square crop sent, or with `fit: pad` the image whole, padded to a square.
  const avatar = input.avatar ? await resolveImageSave(deps, actor, input.avatar, 'avatar') : undefined;
  const values = { name: input.name, slug: input.slug, avatar };
  return deps.db.transaction(async (tx) => {
    const brand = await load(tx, actor, id);
    brandPolicy.assertEdit(actor, brand);
    if (input.slug !== undefined && (await q.slugTaken(tx, actor.accountId, input.slug, id))) {
      throw new ConflictError('This slug is used by another brand', { slug: ['Is used by another brand'] });
    }
    await q.updateBrand(tx, id, values);
    await audit(tx, actor, 'brand:update', id, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
    return presentBrand(actor, await load(tx, actor, id));
  });
}

export async function deleteBrand(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const brand = await load(tx, actor, id);
    brandPolicy.assertDelete(actor, brand);
    // Its projects' assets go with it (cascade); their stored media after commit, by a persisted job.
    await enqueueMediaPurge(tx, { brandId: id });
    await q.deleteBrand(tx, id);
    await audit(tx, actor, 'brand:delete', id, { name: brand.name });
  });
}

export async function setFavourite(db: Db, actor: Actor, id: number, favourite: boolean) {
  await load(db, actor, id);
  if (favourite) await q.addFavourite(db, actor.userId, id);
  else await q.removeFavourite(db, actor.userId, id);
  return { id, is_favourite: favourite };
}

/** How many cover assets a project card shows, and how many recently added assets the home lists. */
export const HOME_COVERS = 4;
export const HOME_RECENT = 12;

function presentHomeAsset(secret: string, a: q.HomeAssetRow): BrandHomeAsset {
  const ext = a.extension ?? '';
  const finished = a.revisionStatus === 'FINISHED';
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  let thumbnail: string | null = null;
  if (finished && a.revisionId !== null) {
    thumbnail = a.previewKey
      ? signedMediaUrl(secret, a.token, a.revisionId, { width: SMALL_PREVIEW_WIDTH })
      : `/api/file-icon/file-${ext || 'file'}.svg`;
  }
  return {
    id: a.id,
    project_id: a.projectId,
    title: a.title,
    extension: ext || null,
    file_type_group: a.revisionId === null ? 'other' : fileTypeGroup(ext),
    thumbnail_url: thumbnail,
    preview_background_color: a.previewBackgroundColor,
    width: num(a.metadata?.width),
    height: num(a.metadata?.height),
    created_at: a.createdAt.toISOString(),
  };
}

/**
 * The brand's home (GET /api/brand/{id}/home): the projects the caller may see (libraries, workspaces and guideline
 * documents, with their asset counts), each library and workspace with its first assets as covers, and the newest
 * assets of those projects. Three queries whatever the number of projects: the projects with their counts, the
 * covers (a window function), the recent assets. Assets only come from projects the caller may view.
 */
export async function brandHome(deps: { db: Db; secret: string }, actor: Actor, id: number): Promise<BrandHomeResponse> {
  await load(deps.db, actor, id);
  const projects = await listProjects(deps.db, actor, { brandId: id });
  // Guideline documents hold pages, not assets: they get no covers and add nothing to the recent assets.
  const withAssets = projects.filter((p) => p.project_type !== 'STYLEGUIDE').map((p) => p.id);
  const [covers, recent] = await Promise.all([
    q.projectCovers(deps.db, withAssets, HOME_COVERS),
    q.recentAssets(deps.db, withAssets, HOME_RECENT),
  ]);
  const byProject = new Map<number, BrandHomeAsset[]>();
  for (const row of covers) {
    const list = byProject.get(row.projectId) ?? [];
    list.push(presentHomeAsset(deps.secret, row));
    byProject.set(row.projectId, list);
  }
  return {
    projects: projects.map((p) => ({ ...p, covers: byProject.get(p.id) ?? [] })),
    recent_assets: recent.map((a) => presentHomeAsset(deps.secret, a)),
  };
}
