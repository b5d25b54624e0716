import { useEffect, useState } from 'react';
import { ProgressBar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import { UploadDuplicates, useUploadDuplicateCount } from '../duplicates/UploadDuplicates';
import type { UploadItem, UploadState } from './queue';
import { getUploadQueue, useUploadItems } from './store';

const RUNNING: ReadonlySet<UploadState> = new Set(['queued', 'uploading', 'processing']);

export interface UploadCounts {
  running: number;
  done: number;
  failed: number;
  cancelled: number;
}

export function countUploads(items: readonly UploadItem[]): UploadCounts {
  const counts: UploadCounts = { running: 0, done: 0, failed: 0, cancelled: 0 };
  for (const item of items) {
    if (RUNNING.has(item.state)) counts.running += 1;
    else if (item.state === 'done') counts.done += 1;
    else if (item.state === 'error') counts.failed += 1;
    else counts.cancelled += 1;
  }
  return counts;
}

/**
 * The upload tray (bottom corner, every page): each file with its progress, speed and state, the server's message
 * when it was refused, and retry / cancel / remove from the list. While files are going the tray is open; when
 * they are all done it folds into a small indicator ("3 uploaded") that reopens it, so it no longer covers the
 * grid or the viewer's panels. Failures keep it open, and the indicator of a tray hidden by hand shows them.
 * Leaving the page while files are still going asks first.
 */
export function UploadPanel() {
  const { t, i18n } = useTranslation();
  const items = useUploadItems();
  const counts = countUploads(items);
  const { running, failed } = counts;
  const [expanded, setExpanded] = useState(true);
  // Open when a batch starts; fold into the indicator when the last file finished without a failure.
  const [lastRunning, setLastRunning] = useState(running);
  if (lastRunning !== running) {
    setLastRunning(running);
    if (lastRunning === 0 && running > 0) setExpanded(true);
    else if (lastRunning > 0 && running === 0 && failed === 0) setExpanded(false);
  }
  // A finished file that was already in its library opens the tray again, so its warning and link are seen.
  const duplicates = useUploadDuplicateCount(items.flatMap((item) => (item.state === 'done' && item.assetId ? [item.assetId] : [])));
  const [lastDuplicates, setLastDuplicates] = useState(duplicates);
  if (lastDuplicates !== duplicates) {
    setLastDuplicates(duplicates);
    if (duplicates > lastDuplicates) setExpanded(true);
  }

  useEffect(() => {
    if (running === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  if (items.length === 0) return null;
  const queue = getUploadQueue();
  const parts = [
    running > 0 ? t('uploads.summaryRunning', { count: running }) : null,
    counts.done > 0 ? t('uploads.summaryDone', { count: counts.done }) : null,
    failed > 0 ? t('uploads.summaryFailed', { count: failed }) : null,
    counts.cancelled > 0 ? t('uploads.summaryCancelled', { count: counts.cancelled }) : null,
  ].filter((part): part is string => part !== null);
  const summary = new Intl.ListFormat(i18n.language, { style: 'short', type: 'unit' }).format(parts);
  const tone = failed > 0 ? 'error' : running > 0 ? 'running' : 'done';
  const clear =
    running === 0 && counts.done + counts.cancelled > 0 ? (
      <Button size="sm" variant="ghost" onPress={() => queue.clearFinished()}>
        {t('uploads.clear')}
      </Button>
    ) : null;

  return (
    <section
      className={`upload-panel upload-panel--${tone}${expanded ? '' : ' upload-panel--collapsed'}`}
      aria-label={t('uploads.title')}
      data-expanded={expanded}
    >
      {/* Said once per change of the counts, whether the tray is open or folded. */}
      <p className="visually-hidden" role="status">
        {summary}
      </p>
      {expanded ? (
        <>
          <div className="upload-panel__head">
            <h2 className="upload-panel__title">
              {t('uploads.title')}
              <span className="upload-panel__summary">{summary}</span>
            </h2>
            <div className="upload-panel__head-actions">
              {clear}
              <Button size="sm" variant="ghost" aria-expanded onPress={() => setExpanded(false)}>
                {t('uploads.hide')}
              </Button>
            </div>
          </div>
          <ul className="upload-panel__list">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </ul>
        </>
      ) : (
        <div className="upload-indicator">
          <Button variant="ghost" className="upload-indicator__open" aria-expanded={false} onPress={() => setExpanded(true)}>
            <span className={`upload-indicator__mark upload-indicator__mark--${tone}`} aria-hidden="true">
              {tone === 'running' ? null : tone === 'error' ? '!' : '✓'}
            </span>
            <span className="upload-indicator__text">
              <span className="upload-indicator__title">{t('uploads.title')}</span>{' '}
              <span className="upload-indicator__summary">{summary}</span>
            </span>
          </Button>
          {clear}
        </div>
      )}
    </section>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const queue = getUploadQueue();
  const percent = item.size > 0 ? Math.round((item.bytesSent / item.size) * 100) : item.state === 'done' ? 100 : 0;
  const stateText = t(`uploads.state.${item.state}`);
  return (
    <li className={`upload-row upload-row--${item.state}`}>
      <div className="upload-row__line">
        <span className="upload-row__name" title={item.name}>
          {item.name}
        </span>
        <span className="upload-row__state">{stateText}</span>
      </div>
      {RUNNING.has(item.state) ? (
        <ProgressBar
          className="upload-row__progress"
          value={item.state === 'processing' ? 100 : percent}
          aria-label={t('uploads.progressOf', { name: item.name })}
          isIndeterminate={item.state === 'processing'}
        >
          <div className="progress">
            <div className="progress__bar" style={{ width: `${item.state === 'processing' ? 100 : percent}%` }} />
          </div>
        </ProgressBar>
      ) : null}
      <div className="upload-row__line upload-row__line--meta">
        <span className="upload-row__detail">
          {item.state === 'uploading'
            ? `${formatSize(item.bytesSent)} / ${formatSize(item.size)}${
                item.speed ? ` · ${t('uploads.speed', { speed: formatSize(item.speed) })}` : ''
              }`
            : formatSize(item.size)}
        </span>
        <span className="upload-row__actions">
          {item.state === 'error' ? (
            <Button size="sm" variant="ghost" aria-label={t('uploads.retryFile', { name: item.name })} onPress={() => queue.retry(item.id)}>
              {t('uploads.retry')}
            </Button>
          ) : null}
          {RUNNING.has(item.state) ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('uploads.cancelFile', { name: item.name })}
              onPress={() => queue.cancel(item.id)}
            >
              {t('uploads.cancel')}
            </Button>
          ) : (
            // Only the row goes: an uploaded file stays where it was uploaded to.
            <Button
              size="sm"
              variant="ghost"
              aria-label={t(item.state === 'done' ? 'uploads.dismissDoneFile' : 'uploads.dismissFile', { name: item.name })}
              onPress={() => queue.dismiss(item.id)}
            >
              {t('uploads.dismiss')}
            </Button>
          )}
        </span>
      </div>
      {item.state === 'done' && item.assetId ? <UploadDuplicates assetId={item.assetId} projectId={item.target.projectId} /> : null}
      {item.state === 'error' && item.error ? (
        <p className="upload-row__error" role="alert">
          {item.error}
        </p>
      ) : null}
    </li>
  );
}
