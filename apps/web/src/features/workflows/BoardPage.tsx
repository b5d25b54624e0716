import { BOARD_DUE_FILTERS, type BoardCard, type BoardColumn, type BoardDueFilter, projectChannel } from '@emblem/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { routeId } from '../../lib/guards';
import { useChannel } from '../../lib/realtime';
import { Button, LinkButton } from '../../ui/Button';
import { Alert, EmptyState, LoadFailedAlert, LoadingState } from '../../ui/Feedback';
import { SelectField } from '../../ui/SelectField';
import { collaboratorsQuery, projectQuery } from '../projects/api';
import { type BoardFilters, boardQuery, loadColumnPage, workflowKeys } from './api';
import { CARD_DRAG_TYPE, Card } from './Card';
import { useMoveCards } from './mutations';
import { SidePanel } from './SidePanel';
import '../library/shared.css';
import './workflows.css';

function filtersOf(search: URLSearchParams): BoardFilters {
  const number = (key: string) => (search.get(key) && /^[1-9][0-9]*$/.test(search.get(key) ?? '') ? Number(search.get(key)) : undefined);
  const due = search.get('due');
  return {
    assignee: number('assignee'),
    due: (BOARD_DUE_FILTERS as readonly string[]).includes(due ?? '') ? (due as BoardDueFilter) : undefined,
    status: number('status'),
  };
}

/** /brands/{brandId}/workflows/{projectId}[/{selectedItemId}]: a workspace's assets by workflow status. */
export function BoardPage() {
  const { t } = useTranslation();
  const params = useParams();
  const brandId = routeId(params.brandId);
  const projectId = routeId(params.projectId);
  const selectedId = params.selectedItemId ? routeId(params.selectedItemId) : null;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const project = useQuery(projectQuery(projectId));
  const people = useQuery(collaboratorsQuery(projectId));
  const board = useQuery(boardQuery(projectId, filters));
  // A colleague moved, assigned, commented on, uploaded or reviewed something: show it without a reload (decision 0047).
  const queryClient = useQueryClient();
  useChannel(projectChannel(projectId), () => {
    void queryClient.invalidateQueries({ queryKey: workflowKeys.board(projectId) });
    if (selectedId) void queryClient.invalidateQueries({ queryKey: workflowKeys.assignment(selectedId) });
  });
  const move = useMoveCards(projectId);
  // Cards of further pages, per column ("load more"); cleared when the filters change.
  const [more, setMore] = useState<Record<string, BoardCard[]>>({});
  const [loadingMore, setLoadingMore] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const base = `/brands/${brandId}/workflows/${projectId}`;
  const canEdit = project.data?.permissions.canEdit ?? false;
  const statuses = (board.data?.columns ?? []).flatMap((c) => (c.status ? [c.status] : []));
  const allCards = (board.data?.columns ?? []).flatMap((c) => [...c.cards, ...(c.status ? (more[c.status.id] ?? []) : [])]);
  const selected = selectedId === null ? null : (allCards.find((c) => c.id === selectedId) ?? null);
  const peopleOptions = (people.data?.users ?? []).map((u) => ({ id: u.user_id, name: u.name ?? u.email }));

  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setMore({});
    setSearch(next, { replace: true });
  };
  const moveCard = (assetId: number, statusId: number) => {
    const target = statuses.find((s) => s.id === statusId);
    const card = allCards.find((c) => c.id === assetId);
    if (!target || card?.status_id === statusId) return;
    setMore({});
    move.mutate(
      { statusId, assetIds: [assetId] },
      { onSuccess: () => setAnnounce(t('workflows.moved', { title: card?.title ?? '', status: target.name })) },
    );
  };
  const loadMore = async (column: BoardColumn) => {
    if (!column.status) return;
    const statusId = column.status.id;
    setLoadingMore(statusId);
    try {
      const shown = column.cards.length + (more[statusId]?.length ?? 0);
      const page = await loadColumnPage(projectId, statusId, filters, shown);
      setMore((m) => ({ ...m, [statusId]: [...(m[statusId] ?? []), ...(page.columns[0]?.cards ?? [])] }));
    } finally {
      setLoadingMore(null);
    }
  };

  if (board.isError)
    return (
      <main className="page board-page">
        <LoadFailedAlert title={t('workflows.loadFailed')} error={board.error} onRetry={() => void board.refetch()} />
      </main>
    );
  if (!board.data) return <LoadingState label={t('workflows.loading')} />;
  const empty = board.data.columns.every((c) => c.total === 0);
  const filtered = filters.assignee !== undefined || filters.due !== undefined || filters.status !== undefined;

  return (
    <main className="page board-page">
      <header className="board-page__head">
        <div>
          <p className="board-page__eyebrow">{project.data?.name}</p>
          <h1>{t('workflows.title')}</h1>
        </div>
        <nav className="board-page__links" aria-label={t('workflows.projectLinks')}>
          <LinkButton href={`/brands/${brandId}/projects/${projectId}`} size="sm">
            {t('workflows.openProject')}
          </LinkButton>
          <LinkButton href={`/brands/${brandId}/activity/${projectId}`} size="sm">
            {t('workflows.activity.open')}
          </LinkButton>
        </nav>
      </header>
      <fieldset className="board-filters">
        <legend className="visually-hidden">{t('workflows.filters.label')}</legend>
        <SelectField
          label={t('workflows.filters.assignee')}
          options={[
            { id: 'all', label: t('workflows.filters.anyone') },
            ...peopleOptions.map((p) => ({ id: String(p.id), label: p.name })),
          ]}
          value={filters.assignee ? String(filters.assignee) : 'all'}
          onChange={(value) => setFilter('assignee', value === 'all' ? null : value)}
        />
        <SelectField
          label={t('workflows.filters.due')}
          options={[
            { id: 'all', label: t('workflows.filters.anyDate') },
            ...BOARD_DUE_FILTERS.map((d) => ({ id: d, label: t(`workflows.filters.due_${d}`) })),
          ]}
          value={filters.due ?? 'all'}
          onChange={(value) => setFilter('due', value === 'all' ? null : value)}
        />
        <SelectField
          label={t('workflows.filters.status')}
          options={[
            { id: 'all', label: t('workflows.filters.allStatuses') },
            ...statuses.map((s) => ({ id: String(s.id), label: s.name })),
          ]}
          value={filters.status ? String(filters.status) : 'all'}
          onChange={(value) => setFilter('status', value === 'all' ? null : value)}
        />
        {filtered ? (
          <Button variant="ghost" onPress={() => setSearch(new URLSearchParams(), { replace: true })}>
            {t('workflows.filters.clear')}
          </Button>
        ) : null}
      </fieldset>
      {move.failure ? <Alert tone="error">{move.failure}</Alert> : null}
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>
      {empty && !filtered ? (
        <EmptyState
          title={t('workflows.empty.title')}
          action={
            <LinkButton variant="primary" href={`/brands/${brandId}/projects/${projectId}`}>
              {t('workflows.empty.action')}
            </LinkButton>
          }
        >
          {t('workflows.empty.text')}
        </EmptyState>
      ) : (
        <div className={`board-layout${selectedId ? ' board-layout--with-panel' : ''}`}>
          <div className="board-columns">
            {board.data.columns.map((column) => {
              const key = column.status?.id ?? 0;
              const cards = [...column.cards, ...(column.status ? (more[column.status.id] ?? []) : [])];
              const droppable = canEdit && column.status !== null;
              return (
                <section
                  key={key}
                  className={`board-column${dropTarget === key ? ' board-column--drop' : ''}`}
                  aria-labelledby={`board-column-${key}`}
                  onDragOver={(event: DragEvent) => {
                    if (!droppable || !event.dataTransfer.types.includes(CARD_DRAG_TYPE)) return;
                    event.preventDefault();
                    setDropTarget(key);
                  }}
                  onDragLeave={() => setDropTarget((current) => (current === key ? null : current))}
                  onDrop={(event: DragEvent) => {
                    setDropTarget(null);
                    const id = Number(event.dataTransfer.getData(CARD_DRAG_TYPE));
                    if (droppable && column.status && id) {
                      event.preventDefault();
                      moveCard(id, column.status.id);
                    }
                  }}
                >
                  <h2 id={`board-column-${key}`} className="board-column__title">
                    <span className="board-dot" style={{ background: column.status?.color ?? 'transparent' }} aria-hidden="true" />
                    {column.status?.name ?? t('workflows.noStatus')}
                    <span className="board-column__count">{t('workflows.columnCount', { count: column.total })}</span>
                  </h2>
                  {cards.length === 0 ? (
                    <p className="board-column__empty">{canEdit ? t('workflows.emptyColumn') : t('workflows.emptyColumnReadOnly')}</p>
                  ) : (
                    <ul className="board-column__cards">
                      {cards.map((card) => (
                        <li key={card.id}>
                          <Card
                            card={card}
                            href={`${base}/${card.id}${search.size ? `?${search}` : ''}`}
                            selected={card.id === selectedId}
                            moveTargets={canEdit ? statuses.filter((s) => s.id !== card.status_id) : []}
                            onMove={(statusId) => moveCard(card.id, statusId)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                  {cards.length < column.total && column.status ? (
                    <Button size="sm" onPress={() => void loadMore(column)} isPending={loadingMore === column.status.id}>
                      {t('workflows.loadMore', { count: column.total - cards.length })}
                    </Button>
                  ) : null}
                </section>
              );
            })}
          </div>
          {selectedId !== null ? (
            <SidePanel
              key={selectedId}
              projectId={projectId}
              assetId={selectedId}
              card={selected}
              statuses={statuses}
              people={peopleOptions}
              canEdit={canEdit}
              viewerHref={`/brands/${brandId}/projects/${projectId}/assets/${selectedId}`}
              onMove={(statusId) => moveCard(selectedId, statusId)}
              onClose={() => navigate(`${base}${search.size ? `?${search}` : ''}`)}
            />
          ) : null}
        </div>
      )}
    </main>
  );
}
