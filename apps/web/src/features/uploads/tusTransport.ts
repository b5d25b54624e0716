import { DetailedError, type HttpResponse, Upload } from 'tus-js-client';
import { getCsrfToken, request } from '../../lib/api';
import i18n from '../../lib/i18n';
import type { UploadTransport } from './queue';

export const TUS_ENDPOINT = '/api/upload/tus';
export const CHUNK_SIZE = 8 * 1024 * 1024;
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];
export const FILE_ID_HEADER = 'Emblem-File-Id';

/**
 * Uploads through tus 1.0 (docs/api.md "Uploads"): 8 MB chunks, retries with back-off, the CSRF header on
 * every request, and resumable: the upload URL is kept under a fingerprint of the file and the project until
 * it succeeds, so an interrupted upload (closed tab, lost connection, retry) continues where it stopped.
 */
export const tusTransport: UploadTransport = {
  start(file, { projectId }, callbacks) {
    const token = getCsrfToken();
    let aborted = false;
    const upload: Upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, project_id: String(projectId) },
      headers: token ? { 'X-CSRF-Token': token } : {},
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The same file sent to another project is another upload.
      fingerprint: async (f) => ['emblem-tus', projectId, f.name, f.type, f.size, f.lastModified].join('-'),
      // Refusals (type not allowed, over quota, too large) will not change by asking again.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return !(status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429);
      },
      onProgress: (sent, total) => callbacks.onProgress(sent, total),
      onError: (error) => {
        if (!aborted) callbacks.onError(tusErrorMessage(error));
      },
      onSuccess: ({ lastResponse }) => {
        void fileIdOf(upload, lastResponse).then(
          (fileId) => callbacks.onSuccess(fileId),
          () => callbacks.onError(i18n.t('uploads.noFileId')),
        );
      },
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!aborted) upload.start();
      });
    return {
      abort: () => {
        aborted = true;
        // Terminate on the server (frees the partial file) and forget the fingerprint.
        upload.abort(true).catch(() => undefined);
      },
    };
  },
};

/** The file id from the final response's header, else GET {upload url}/file → {file_id}. */
async function fileIdOf(upload: Upload, lastResponse: HttpResponse): Promise<string> {
  const header = lastResponse.getHeader(FILE_ID_HEADER) ?? lastResponse.getHeader(FILE_ID_HEADER.toLowerCase());
  if (header) return header;
  if (!upload.url) throw new Error('No upload URL');
  const path = new URL(upload.url, window.location.origin).pathname;
  const body = await request<{ data?: { file_id?: unknown }; file_id?: unknown }>(`${path}/file`);
  const id = body?.data?.file_id ?? body?.file_id;
  if (id === undefined || id === null) throw new Error('No file id');
  return String(id);
}

/** The server's message from the envelope of a refused tus request, else a message by status. */
export function tusErrorMessage(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    const status = error.originalResponse.getStatus();
    const message = envelopeError(error.originalResponse.getBody());
    if (message) return message;
    if (status === 413) return i18n.t('uploads.tooLarge');
    if (status === 403) return i18n.t('uploads.forbidden');
  }
  return i18n.t('uploads.failed');
}

function envelopeError(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' && parsed.error ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}
