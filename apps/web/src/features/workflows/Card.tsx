import type { BoardCard, WorkflowStatusResponse } from '@emblem/core';
import type { DragEvent } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The drag payload type of a board card (its asset id). */
export const CARD_DRAG_TYPE = 'application/x-emblem-asset';

function initials(name: string | null): string {
  const parts = (name ?? '?').trim().split(/\s+/);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

export interface CardProps {
  card: BoardCard;
  href: string;
  selected: boolean;
  /** Statuses the card may move to; empty when the caller cannot edit. */
  moveTargets: WorkflowStatusResponse[];
  onMove: (statusId: number) => void;
}

/** A card of the board: preview, title, assignee, due date, comment and checklist counts, and "Move to…". */
export function Card({ card, href, selected, moveTargets, onMove }: CardProps) {
  const { t, i18n } = useTranslation();
  const canMove = moveTargets.length > 0;
  const due = card.due_at ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(card.due_at)) : null;
  return (
    <article
      className={`board-card${selected ? ' board-card--selected' : ''}`}
      draggable={canMove}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(CARD_DRAG_TYPE, String(card.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      aria-label={card.title}
    >
      <div className="board-card__preview" aria-hidden="true">
        {card.preview_url ? <img src={card.preview_url} alt="" loading="lazy" /> : <span className="board-card__placeholder" />}
      </div>
      <h3 className="board-card__title">
        <Link to={href} aria-current={selected ? 'true' : undefined}>
          {card.title}
        </Link>
      </h3>
      <div className="board-card__meta">
        {card.assignee ? (
          <span className="board-card__avatar" title={card.assignee.name ?? ''}>
            <span aria-hidden="true">{initials(card.assignee.name)}</span>
            <span className="visually-hidden">{t('workflows.card.assignee', { name: card.assignee.name ?? '' })}</span>
          </span>
        ) : null}
        {due ? (
          <span className={`board-card__due${card.overdue ? ' board-card__due--overdue' : ''}`}>
            {card.overdue ? t('workflows.card.overdue', { date: due }) : t('workflows.card.due', { date: due })}
          </span>
        ) : null}
        <span className="board-card__count" title={t('workflows.card.commentsTitle')}>
          {t('workflows.card.comments', { count: card.comment_count, open: card.open_comment_count })}
        </span>
        {card.checklist_total > 0 ? (
          <span className="board-card__count">
            {t('workflows.card.checklist', { done: card.checklist_done, total: card.checklist_total })}
          </span>
        ) : null}
      </div>
      {canMove ? (
        <MenuTrigger>
          <Button className="board-card__move">
            {t('workflows.card.move')}
            <span className="visually-hidden"> {card.title}</span>
            <span aria-hidden="true"> ▾</span>
          </Button>
          <Popover className="menu-popover" placement="bottom start">
            <Menu className="menu" onAction={(key) => onMove(Number(key))}>
              {moveTargets.map((s) => (
                <MenuItem key={s.id} id={String(s.id)} className="menu__item" textValue={s.name}>
                  <span className="board-dot" style={{ background: s.color }} aria-hidden="true" /> {s.name}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      ) : null}
    </article>
  );
}
