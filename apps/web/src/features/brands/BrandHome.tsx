import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FolderIcon } from '../../toolkit/FolderIcon';
import { Button } from '../../ui/Button';
import { Badge, EmptyState, LoadFailedAlert } from '../../ui/Feedback';
import { Skeleton, SkeletonRegion } from '../../ui/Skeleton';
import { CreateProjectDialog } from '../projects/CreateProjectDialog';
import { type Brand, type BrandHomeAsset, type BrandHomeProject, brandHomeQuery } from './api';

/** Libraries that hold marks (logos, icons): their covers are shown whole, not cut to fill. */
const WHOLE_COVERS = new Set(['LOGOLIBRARY', 'ICONLIBRARY']);

/**
 * The brand's home below its header: its libraries and workspace projects as cards with covers (their first
 * assets) and counts, its guideline documents, and the assets added last, all of it what the viewer may see
 * (GET /api/brand/{id}/home). Skeletons while it first loads; each empty part says what to do.
 */
export function BrandHome({ brand, isAdmin }: { brand: Brand; isAdmin: boolean }) {
  const { t } = useTranslation();
  const home = useQuery(brandHomeQuery(brand.id));
  const [creating, setCreating] = useState(false);
  const create = () => setCreating(true);

  let body: ReactNode;
  if (home.isPending) body = <BrandHomeSkeleton />;
  else if (home.isError)
    body = <LoadFailedAlert title={t('brandHome.loadFailed')} error={home.error} onRetry={() => void home.refetch()} />;
  else {
    const { projects, recent_assets: recent } = home.data;
    const libraries = projects.filter((p) => p.project_type !== 'WORKSPACE' && p.project_type !== 'STYLEGUIDE');
    const workspaces = projects.filter((p) => p.project_type === 'WORKSPACE');
    const documents = projects.filter((p) => p.project_type === 'STYLEGUIDE');
    const types = new Map(projects.map((p) => [p.id, p.project_type]));
    body = (
      <>
        <HomeSection
          id="libraries"
          title={t('brandHome.libraries')}
          action={
            // Account admins create libraries or workspace projects; members workspace projects (the dialog knows).
            <Button variant="primary" onPress={create}>
              {t('projects.create')}
            </Button>
          }
        >
          {libraries.length > 0 ? (
            <ProjectCards brandId={brand.id} projects={libraries} />
          ) : (
            <EmptyState
              title={t('brandHome.librariesEmptyTitle')}
              action={
                isAdmin ? (
                  <Button variant="primary" onPress={create}>
                    {t('brandHome.createLibrary')}
                  </Button>
                ) : null
              }
            >
              {isAdmin ? t('brandHome.librariesEmptyAdmin') : t('brandHome.librariesEmptyMember')}
            </EmptyState>
          )}
        </HomeSection>
        <HomeSection id="workspaces" title={t('brandHome.workspaces')}>
          {workspaces.length > 0 ? (
            <ProjectCards brandId={brand.id} projects={workspaces} />
          ) : (
            <EmptyState
              title={t('brandHome.workspacesEmptyTitle')}
              action={<Button onPress={create}>{t('brandHome.createWorkspace')}</Button>}
            >
              {t('brandHome.workspacesEmptyText')}
            </EmptyState>
          )}
        </HomeSection>
        {documents.length > 0 ? (
          <HomeSection
            id="documents"
            title={t('brandHome.documents')}
            action={
              <Link className="button button--ghost" to={`/brands/${brand.id}/guidelines`}>
                {t('brandHome.allGuidelines')}
              </Link>
            }
          >
            <ul className="home-documents">
              {documents.map((d) => (
                <li key={d.id}>
                  <Link className="home-documents__link" to={`/brands/${brand.id}/guidelines/documents/${d.id}`}>
                    <span className="home-documents__icon" aria-hidden="true">
                      <FolderIcon id={0} />
                    </span>
                    {d.name}
                  </Link>
                </li>
              ))}
            </ul>
          </HomeSection>
        ) : null}
        <HomeSection id="recent" title={t('brandHome.recent')}>
          {recent.length > 0 ? (
            <ul className="recent-grid">
              {recent.map((asset) => (
                <li key={asset.id}>
                  <RecentTile brandId={brand.id} asset={asset} whole={WHOLE_COVERS.has(types.get(asset.project_id) ?? '')} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t('brandHome.recentEmptyTitle')}>
              {libraries.length + workspaces.length > 0 ? t('brandHome.recentEmptyText') : t('brandHome.recentEmptyNoProjects')}
            </EmptyState>
          )}
        </HomeSection>
      </>
    );
  }

  return (
    <div className="brand-home">
      {body}
      <CreateProjectDialog brandId={brand.id} isAdmin={isAdmin} isOpen={creating} onOpenChange={setCreating} />
    </div>
  );
}

function HomeSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={`home-${id}-heading`}>
      <div className="section-header">
        <h2 id={`home-${id}-heading`} className="section-header__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function ProjectCards({ brandId, projects }: { brandId: number; projects: BrandHomeProject[] }) {
  return (
    <ul className="home-grid">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard brandId={brandId} project={project} />
        </li>
      ))}
    </ul>
  );
}

/** A library or workspace: its covers above its name, type and count; the whole card is the link. */
function ProjectCard({ brandId, project }: { brandId: number; project: BrandHomeProject }) {
  const { t } = useTranslation();
  const whole = WHOLE_COVERS.has(project.project_type);
  const covers = project.covers.filter((c) => c.thumbnail_url);
  return (
    <article className="home-card">
      <div className="home-card__covers" data-count={Math.min(covers.length, 4)} aria-hidden="true">
        {covers.length === 0 ? (
          <span className={`home-card__placeholder project-card__icon--${project.project_type.toLowerCase()}`}>
            <FolderIcon id={0} />
          </span>
        ) : (
          covers.map((c) => <Thumbnail key={c.id} asset={c} whole={whole} className="home-card__cover" />)
        )}
      </div>
      <div className="home-card__text">
        <h3 className="home-card__name">
          <Link className="home-card__link" to={`/brands/${brandId}/projects/${project.id}`}>
            {project.name}
          </Link>
        </h3>
        <p className="home-card__meta">
          <Badge tone={project.project_type === 'WORKSPACE' ? 'info' : 'neutral'}>{t(`projectTypes.${project.project_type}`)}</Badge>
          <span>{t('brandHome.assetCount', { count: project.asset_count })}</span>
        </p>
      </div>
    </article>
  );
}

function Thumbnail({ asset, whole, className }: { asset: BrandHomeAsset; whole: boolean; className: string }) {
  // File-type icons and document pages are shown whole too: cut to fill, a page is mostly margin.
  const icon = (asset.thumbnail_url?.startsWith('/api/file-icon/') ?? false) || asset.file_type_group === 'documents';
  if (!asset.thumbnail_url) return <span className={`${className} ${className}--empty`} />;
  return (
    <span className={className} style={asset.preview_background_color ? { backgroundColor: asset.preview_background_color } : undefined}>
      <img
        src={asset.thumbnail_url}
        alt=""
        loading="lazy"
        decoding="async"
        className={whole || icon ? 'home-thumb home-thumb--whole' : 'home-thumb'}
      />
    </span>
  );
}

/** One of the assets added last: its thumbnail and title, opening it in the viewer. */
function RecentTile({ brandId, asset, whole }: { brandId: number; asset: BrandHomeAsset; whole: boolean }) {
  const { t } = useTranslation();
  return (
    <Link className="recent-tile" to={`/brands/${brandId}/projects/${asset.project_id}/assets/${asset.id}`}>
      <Thumbnail asset={asset} whole={whole} className="recent-tile__media" />
      <span className="recent-tile__title">{asset.title}</span>
      <span className="recent-tile__sub">{asset.extension ? asset.extension.toUpperCase() : t('brandHome.noFile')}</span>
    </Link>
  );
}

/** The home's sections while they first load, in the places they will take. */
export function BrandHomeSkeleton() {
  const { t } = useTranslation();
  return (
    <SkeletonRegion label={t('brandHome.loading')} className="brand-home">
      {[3, 2].map((cards, section) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
        <div key={section} className="home-section">
          <Skeleton width="9rem" height="1.4rem" />
          <div className="home-grid">
            {Array.from({ length: cards }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
              <div key={i} className="home-card">
                <Skeleton className="home-card__covers" />
                <div className="home-card__text">
                  <Skeleton width={`${50 + ((i * 19) % 35)}%`} height="1rem" />
                  <Skeleton width="7rem" height="0.8rem" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
      <div className="home-section">
        <Skeleton width="11rem" height="1.4rem" />
        <div className="recent-grid">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
            <div key={i} className="recent-tile">
              <Skeleton className="recent-tile__media" />
              <Skeleton width="70%" height="0.85rem" />
            </div>
          ))}
        </div>
      </div>
    </SkeletonRegion>
  );
}
