import { optionIdsOf } from '@emblem/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Badge } from '../../ui/Feedback';
import type { MetadataProperty } from './api';

/**
 * The properties in their order: name, type, badges (required, searchable, hidden, dependency, libraries) and the
 * number of assets with a value. People who may manage a property get Move up / Move down (keyboard operable;
 * the focus follows the moved row), Edit and Delete.
 */
export function PropertyList({
  properties,
  brandProperties,
  busy,
  onMove,
  onEdit,
  onDelete,
}: {
  properties: readonly MetadataProperty[];
  /** Every property of the brand: a move names the index in the brand's order. */
  brandProperties: readonly MetadataProperty[];
  busy: boolean;
  onMove: (property: MetadataProperty, position: number) => Promise<boolean>;
  onEdit: (property: MetadataProperty) => void;
  onDelete: (property: MetadataProperty) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const names = new Map(brandProperties.map((p) => [p.id, p]));

  // After a move the focus follows the row to its new place: the same button, or the other one at an end.
  const [moved, setMoved] = useState<{ id: number; by: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!moved || busy) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-property="${moved.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${moved.by}"]:not([disabled])`);
    (same ?? row?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
    setMoved(null);
  }, [moved, busy]);

  const move = async (property: MetadataProperty, index: number, by: -1 | 1) => {
    // Next to the neighbour in this list, which may be further away in the brand's order (a library's list).
    const neighbour = properties[index + by];
    if (!neighbour) return;
    const position = brandProperties.findIndex((p) => p.id === neighbour.id);
    if (await onMove(property, position)) setMoved({ id: property.id, by });
  };

  return (
    <ol className="metadata-list" aria-label={t('metadata.listLabel')} ref={listRef}>
      {properties.map((p, index) => {
        const dependee = p.dependency ? names.get(p.dependency.property_id) : undefined;
        const dependeeOptions = dependee?.options
          .filter((o) => optionIdsOf(p.dependency?.property_option_ids ?? []).includes(o.id))
          .map((o) => o.value)
          .join(', ');
        return (
          <li key={p.id} className="metadata-list__item" data-property={p.id}>
            <div className="metadata-list__main">
              <h3 className="metadata-list__name">{p.name}</h3>
              <p className="metadata-list__type">
                <span className="visually-hidden">{t('metadata.columns.type')}: </span>
                {t(`metadata.types.${p.type}`)}
                {p.unit ? ` · ${p.unit}` : ''}
                {' · '}
                {t('metadata.assetCount', { count: p.asset_count })}
              </p>
              {p.help_text ? <p className="metadata-list__help">{p.help_text}</p> : null}
              <p className="metadata-list__badges">
                {p.is_required ? <Badge tone="warning">{t('metadata.badges.required')}</Badge> : null}
                {p.is_searchable ? <Badge tone="info">{t('metadata.badges.searchable')}</Badge> : null}
                {p.is_viewable ? null : <Badge>{t('metadata.badges.hidden')}</Badge>}
                {p.project_ids.length > 0 ? <Badge>{t('metadata.badges.someLibraries', { count: p.project_ids.length })}</Badge> : null}
                {dependee ? <Badge>{t('metadata.badges.dependent', { property: dependee.name, options: dependeeOptions })}</Badge> : null}
              </p>
            </div>
            {p.can_admin ? (
              <div className="metadata-list__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  data-move="-1"
                  aria-label={t('metadata.moveUp', { name: p.name })}
                  isDisabled={busy || index === 0}
                  onPress={() => void move(p, index, -1)}
                >
                  <span aria-hidden="true">↑</span>
                  <span className="metadata-list__move-label">{t('metadata.moveUpShort')}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  data-move="1"
                  aria-label={t('metadata.moveDown', { name: p.name })}
                  isDisabled={busy || index === properties.length - 1}
                  onPress={() => void move(p, index, 1)}
                >
                  <span aria-hidden="true">↓</span>
                  <span className="metadata-list__move-label">{t('metadata.moveDownShort')}</span>
                </Button>
                <Button size="sm" aria-label={t('metadata.editNamed', { name: p.name })} onPress={() => onEdit(p)}>
                  {t('metadata.edit')}
                </Button>
                <Button size="sm" variant="danger" aria-label={t('metadata.deleteNamed', { name: p.name })} onPress={() => onDelete(p)}>
                  {t('metadata.delete')}
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
