import { type AssetResponse, LIBRARY_TYPES } from '@emblem/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { findFolder, folderTreeQuery, totalAssetCount } from '../../../toolkit/folders';
import { fileIconUrl } from '../../library/api';
import { brandProjectsQuery } from '../../projects/api';
import { useBlockAssets } from './assets';
import type { BlockViewProps } from './types';

/** An asset's picture: its preview, else its file-type icon. */
export function AssetImage({ asset, fit = 'FIT' }: { asset: AssetResponse; fit?: 'FILL' | 'FIT' }) {
  const src = asset.preview_url ?? fileIconUrl(asset.extension);
  return (
    <img
      className={`asset-image asset-image--${fit.toLowerCase()}`}
      src={src}
      alt={asset.computed_alternative_text}
      loading="lazy"
      width={asset.width ?? undefined}
      height={asset.height ?? undefined}
    />
  );
}

/** What a block shows while it names nothing yet: what it is for and where to pick it. */
function Placeholder({ text }: { text: string }) {
  return <p className="block-empty">{text}</p>;
}

export function ImageBlock({ settings }: BlockViewProps<'image'>) {
  const { t } = useTranslation();
  const ids = settings.asset_ids ?? [];
  const { assets, loading } = useBlockAssets(ids);
  if (ids.length === 0) return <Placeholder text={t('guidelines.blocks.image.empty')} />;
  return (
    <figure className="block-image">
      <div className={assets.length > 1 ? 'block-image__grid' : 'block-image__single'} aria-busy={loading || undefined}>
        {assets.map((asset) => (
          <AssetImage key={asset.id} asset={asset} fit={settings.fit ?? 'FIT'} />
        ))}
      </div>
      {!loading && assets.length < ids.length ? <MissingAssets count={ids.length - assets.length} /> : null}
      {settings.caption ? <figcaption className="block-caption">{settings.caption}</figcaption> : null}
      {settings.download ? <p className="block-note">{t('guidelines.blocks.image.downloadable')}</p> : null}
    </figure>
  );
}

function MissingAssets({ count }: { count: number }) {
  const { t } = useTranslation();
  return <p className="block-note block-note--warning">{t('guidelines.blocks.missingAssets', { count })}</p>;
}

export function VideoBlock({ settings }: BlockViewProps<'video'>) {
  const { t } = useTranslation();
  const ids = settings.asset_id ? [settings.asset_id] : [];
  const { assets, loading } = useBlockAssets(ids);
  if (ids.length === 0) return <Placeholder text={t('guidelines.blocks.video.empty')} />;
  const asset = assets[0];
  return (
    <figure className="block-video">
      {asset ? (
        <div className="block-video__poster">
          <AssetImage asset={asset} />
          <span className="block-video__play" aria-hidden="true">
            ▶
          </span>
          <span className="visually-hidden">{t('guidelines.blocks.video.poster', { title: asset.title })}</span>
        </div>
      ) : loading ? null : (
        <MissingAssets count={1} />
      )}
      {settings.caption ? <figcaption className="block-caption">{settings.caption}</figcaption> : null}
    </figure>
  );
}

/**
 * An embed shows in the reader in a sandboxed iframe. The editor shows a card instead, so editing a page sends no
 * request to another site.
 */
export function EmbedBlock({ settings }: BlockViewProps<'embed'>) {
  const { t } = useTranslation();
  let host = '';
  try {
    host = new URL(settings.url ?? '').hostname;
  } catch {
    host = '';
  }
  const [w, h] = (settings.aspect ?? '16:9').split(':').map(Number) as [number, number];
  return (
    <figure className="block-embed" style={{ aspectRatio: `${w} / ${h}` }}>
      <div className="block-embed__card">
        <p className="block-embed__title">{settings.title}</p>
        <p className="block-embed__host">{host ? t('guidelines.blocks.embed.from', { host }) : t('guidelines.blocks.embed.noUrl')}</p>
      </div>
    </figure>
  );
}

export function DoDontBlock({ settings }: BlockViewProps<'dodont'>) {
  const { t } = useTranslation();
  const items = settings.items ?? [];
  const ids = items.map((i) => i.asset_id).filter((id): id is number => typeof id === 'number');
  const { assets } = useBlockAssets(ids);
  if (items.length === 0) return <Placeholder text={t('guidelines.blocks.dodont.empty')} />;
  return (
    <ul className="block-dodont" aria-label={t('guidelines.blocks.types.dodont')}>
      {items.map((item, index) => {
        const asset = assets.find((a) => a.id === item.asset_id);
        const tone = item.verdict === 'DO' ? 'do' : 'dont';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids of their own; their order is their identity.
          <li key={index} className={`block-dodont__item block-dodont__item--${tone}`}>
            <div className="block-dodont__image">{asset ? <AssetImage asset={asset} /> : <span className="block-dodont__blank" />}</div>
            <p className="block-dodont__verdict">
              <span aria-hidden="true">{item.verdict === 'DO' ? '✓ ' : '✕ '}</span>
              {t(`guidelines.blocks.dodont.verdicts.${item.verdict}`)}
            </p>
            {item.note ? <p className="block-dodont__note">{item.note}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function DownloadsBlock({ settings, brandId }: BlockViewProps<'downloads'>) {
  const { t } = useTranslation();
  const ids = settings.asset_ids ?? [];
  const { assets, loading } = useBlockAssets(ids);
  return (
    <section className="block-downloads" aria-label={settings.title || t('guidelines.blocks.types.downloads')}>
      {settings.title ? <p className="block-downloads__title">{settings.title}</p> : null}
      {settings.folder_id ? (
        <FolderSummary folderId={settings.folder_id} brandId={brandId} />
      ) : ids.length === 0 ? (
        <Placeholder text={t('guidelines.blocks.downloads.empty')} />
      ) : (
        <>
          <ul className="block-downloads__grid" aria-busy={loading || undefined}>
            {assets.map((asset) => (
              <li key={asset.id} className="block-downloads__tile">
                <AssetImage asset={asset} />
                <span className="block-downloads__name">{asset.title}</span>
                <span className="block-downloads__ext">{(asset.extension ?? '').toUpperCase()}</span>
              </li>
            ))}
          </ul>
          {!loading && assets.length < ids.length ? <MissingAssets count={ids.length - assets.length} /> : null}
          <p className="block-note">{t('guidelines.blocks.downloads.readerNote', { count: ids.length })}</p>
        </>
      )}
    </section>
  );
}

/** A whole folder: found in the brand's libraries (the block stores only the folder id), with its asset count. */
function FolderSummary({ folderId, brandId }: { folderId: number; brandId: number }) {
  const { t } = useTranslation();
  const folder = useLibraryFolder(brandId, folderId);
  return (
    <p className="block-note">
      {folder
        ? t('guidelines.blocks.downloads.folder', {
            name: folder.folder.name,
            library: folder.library,
            count: totalAssetCount(folder.folder),
          })
        : t('guidelines.blocks.downloads.folderUnknown')}
    </p>
  );
}

/** The brand's libraries (asset projects) an editor may pick from. */
export function useBrandLibraries(brandId: number) {
  const projects = useQuery(brandProjectsQuery(brandId));
  const libraries = (projects.data ?? []).filter((p) => (LIBRARY_TYPES as readonly string[]).includes(p.project_type));
  return { libraries, loading: projects.isPending };
}

/** A folder of one of the brand's libraries, looked up in their folder trees. */
export function useLibraryFolder(brandId: number, folderId: number | null | undefined) {
  const { libraries } = useBrandLibraries(brandId);
  const trees = useQueries({ queries: folderId ? libraries.map((library) => folderTreeQuery(library.id)) : [] });
  if (!folderId) return null;
  for (const [index, tree] of trees.entries()) {
    const folder = tree.data ? findFolder(tree.data, folderId) : undefined;
    const library = libraries[index];
    if (folder && library) return { folder, library: library.name, projectId: library.id };
  }
  return null;
}

export function LibraryBlock({ settings, brandId }: BlockViewProps<'library'>) {
  const { t } = useTranslation();
  const { libraries } = useBrandLibraries(brandId);
  const project = libraries.find((p) => p.id === settings.project_id);
  const tree = useQuery({ ...folderTreeQuery(settings.project_id ?? 0), enabled: Boolean(settings.project_id) });
  if (!settings.project_id) return <Placeholder text={t('guidelines.blocks.library.empty')} />;
  const root = tree.data ? findFolder(tree.data, 0) : undefined;
  return (
    <section className="block-library" aria-label={settings.title || project?.name || t('guidelines.blocks.types.library')}>
      <p className="block-library__title">{settings.title || project?.name}</p>
      <p className="block-note">
        {project
          ? t('guidelines.blocks.library.summary', { name: project.name, count: project.asset_count })
          : t('guidelines.blocks.library.unknown')}
      </p>
      {root && root.child_sets.length > 0 ? (
        <ul className="block-library__folders">
          {root.child_sets.slice(0, 8).map((folder) => (
            <li key={folder.id}>{folder.name}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
