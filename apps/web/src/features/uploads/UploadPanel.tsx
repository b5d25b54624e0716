import { useEffect, useState } from 'react';
import { ProgressBar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../lib/format';
import { Button } from '../../ui/Button';
import type { UploadItem } from './queue';
import { getUploadQueue, useUploadItems } from './store';

const RUNNING = new Set(['queued', 'uploading', 'processing']);

/**
 * The upload panel (bottom corner, every page): each file with its progress, speed and state, the server's
 * message when it was refused, and retry / cancel. Leaving the page while files are still going asks first.
 */
export function UploadPanel() {
  const { t } = useTranslation();
  const items = useUploadItems();
  const [collapsed, setCollapsed] = useState(false);
  const running = items.filter((i) => RUNNING.has(i.state)).length;
  const failed = items.filter((i) => i.state === 'error').length;
  const done = items.filter((i) => i.state === 'done').length;

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
  const summary =
    running > 0
      ? t('uploads.summaryRunning', { count: running })
      : failed > 0
        ? t('uploads.summaryFailed', { count: failed })
        : t('uploads.summaryDone', { count: done });

  return (
    <section className={`upload-panel${collapsed ? ' upload-panel--collapsed' : ''}`} aria-labelledby="upload-panel-title">
      <div className="upload-panel__head">
        <h2 id="upload-panel-title" className="upload-panel__title">
          {t('uploads.title')}
          <span className="upload-panel__summary" aria-live="polite">
            {summary}
          </span>
        </h2>
        <div className="upload-panel__head-actions">
          {running === 0 ? (
            <Button size="sm" variant="ghost" onPress={() => queue.clearFinished()}>
              {t('uploads.clear')}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={!collapsed}
            aria-controls="upload-panel-list"
            onPress={() => setCollapsed(!collapsed)}
          >
            {collapsed ? t('uploads.show') : t('uploads.hide')}
          </Button>
        </div>
      </div>
      <ul id="upload-panel-list" className="upload-panel__list" hidden={collapsed}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </ul>
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
      {item.state === 'uploading' || item.state === 'queued' || item.state === 'processing' ? (
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
            <Button
              size="sm"
              variant="ghost"
              aria-label={t('uploads.dismissFile', { name: item.name })}
              onPress={() => queue.dismiss(item.id)}
            >
              {t('uploads.dismiss')}
            </Button>
          )}
        </span>
      </div>
      {item.state === 'error' && item.error ? (
        <p className="upload-row__error" role="alert">
          {item.error}
        </p>
      ) : null}
    </li>
  );
}
