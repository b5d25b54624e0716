import { useSyncExternalStore } from 'react';
import i18n from '../../lib/i18n';
import { UploadQueue, type UploadTransport } from './queue';

/**
 * One upload queue for the whole app: uploads keep going while people move between folders and assets,
 * and the upload panel shows them wherever it is rendered.
 */
let queue: UploadQueue | null = null;

function create(transport: UploadTransport): UploadQueue {
  return new UploadQueue(transport, { fallbackMessage: () => i18n.t('uploads.failed') });
}

/** tus (and tus-js-client) loads with the first upload, not with every page. */
const lazyTusTransport: UploadTransport = {
  start(file, options, callbacks) {
    let handle: ReturnType<UploadTransport['start']> | null = null;
    let aborted = false;
    import('./tusTransport').then(
      ({ tusTransport }) => {
        if (!aborted) handle = tusTransport.start(file, options, callbacks);
      },
      () => callbacks.onError(i18n.t('uploads.failed')),
    );
    return {
      abort: () => {
        aborted = true;
        handle?.abort();
      },
    };
  },
};

export function getUploadQueue(): UploadQueue {
  queue ??= create(lazyTusTransport);
  return queue;
}

/** Tests: a fresh queue over a fake transport. */
export function replaceUploadTransport(transport: UploadTransport): UploadQueue {
  queue?.reset();
  queue = create(transport);
  return queue;
}

export function useUploadItems() {
  const q = getUploadQueue();
  return useSyncExternalStore(q.subscribe, q.getSnapshot, q.getSnapshot);
}
