import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FolderIcon } from '../../toolkit/FolderIcon';
import { Button } from '../../ui/Button';
import { Badge, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { brandProjectsQuery, type ProjectSummary } from './api';
import { CreateProjectDialog } from './CreateProjectDialog';

/** "Libraries and projects" on the brand home: GET /api/brand/{brandId}/projects and the create dialog. */
export function ProjectsSection({ brandId, isAdmin }: { brandId: number; isAdmin: boolean }) {
  const { t } = useTranslation();
  const projects = useQuery(brandProjectsQuery(brandId));
  const [creating, setCreating] = useState(false);

  return (
    <section className="projects-section" aria-labelledby="projects-heading">
      <div className="section-header">
        <h2 id="projects-heading" className="section-header__title">
          {t('projects.heading')}
        </h2>
        <Button variant="primary" onPress={() => setCreating(true)}>
          {t('projects.create')}
        </Button>
      </div>
      {projects.isPending ? (
        <LoadingState label={t('projects.loading')} />
      ) : projects.isError ? (
        <LoadFailedAlert title={t('projects.loadFailed')} error={projects.error} onRetry={() => void projects.refetch()} />
      ) : projects.data.length === 0 ? (
        <EmptyState
          title={t('projects.emptyTitle')}
          action={
            <Button variant="primary" onPress={() => setCreating(true)}>
              {t('projects.create')}
            </Button>
          }
        >
          {isAdmin ? t('projects.emptyAdminText') : t('projects.emptyMemberText')}
        </EmptyState>
      ) : (
        <ul className="project-grid">
          {projects.data.map((project) => (
            <li key={project.id}>
              <ProjectCard brandId={brandId} project={project} />
            </li>
          ))}
        </ul>
      )}
      <CreateProjectDialog brandId={brandId} isAdmin={isAdmin} isOpen={creating} onOpenChange={setCreating} />
    </section>
  );
}

function ProjectCard({ brandId, project }: { brandId: number; project: ProjectSummary }) {
  const { t } = useTranslation();
  // A guideline document is a STYLEGUIDE project: it opens in the guideline editor, and holds pages, not assets.
  const guideline = project.project_type === 'STYLEGUIDE';
  return (
    <article className="project-card">
      <span className={`project-card__icon project-card__icon--${project.project_type.toLowerCase()}`} aria-hidden="true">
        <FolderIcon id={0} />
      </span>
      <div className="project-card__text">
        <h3 className="project-card__name">
          <Link
            className="project-card__link"
            to={guideline ? `/brands/${brandId}/guidelines/documents/${project.id}` : `/brands/${brandId}/projects/${project.id}`}
          >
            {project.name}
          </Link>
        </h3>
        {project.description ? <p className="project-card__description">{project.description}</p> : null}
        <p className="project-card__meta">
          <Badge tone={project.project_type === 'WORKSPACE' ? 'info' : 'neutral'}>{t(`projectTypes.${project.project_type}`)}</Badge>
          {guideline ? null : <span>{t('projects.assetCount', { count: project.asset_count })}</span>}
        </p>
      </div>
    </article>
  );
}
