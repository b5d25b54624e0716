import { useSyncExternalStore } from 'react';
import i18n from '../../lib/i18n';
import { UploadQueue, type UploadTransport } from './queue';
import { tusTransport } from './tusTransport';

/**
 * One upload queue for the whole app: uploads keep going while people move between folders and assets,
 * and the upload panel shows them wherever it is rendered.
 */
let queue: UploadQueue | null = null;

function create(transport: UploadTransport): UploadQueue {
  return new UploadQueue(transport, { fallbackMessage: () => i18n.t('uploads.failed') });
}

export function getUploadQueue(): UploadQueue {
  queue ??= create(tusTransport);
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
