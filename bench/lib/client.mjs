// A signed-in client of the bench server: JSON API calls, streamed uploads, waiting for assets to be processed.
import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { sleep } from './harness.mjs';

/**
 * Signs in at `base` and returns the client.
 * @param {string} base the server's origin @param {string} email @param {string} password
 */
export async function signIn(base, email, password) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const csrf = /** @type {{ data: { csrfToken: string } }} */ (await login.json()).data.csrfToken;
  const auth = { cookie, 'x-csrf-token': csrf };

  /** @param {string} method @param {string} path @param {unknown} [body] @returns {Promise<any>} the response's data */
  const api = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = /** @type {{ data: any }} */ (await res.json());
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  /** A JSON POST whose response is left to the caller. @param {string} path @param {unknown} body */
  const post = (path, body) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  /**
   * POST /api/upload of one file: a multipart body streamed from the file with node:http, a client light on CPU
   * (this machine's cores are shared with the server; fetch with a FormData body costs more per upload).
   * @param {number} projectId @param {string} name @param {string} path
   */
  const uploadFile = (projectId, name, path) =>
    new Promise((/** @type {(id: number) => void} */ resolve, reject) => {
      const boundary = `bench${randomBytes(12).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const req = http.request(`${base}/api/upload`, {
        method: 'POST',
        headers: {
          ...auth,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + statSync(path).size + tail.length,
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          if (res.statusCode !== 201) reject(new Error(`upload ${name}: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text).data.file_id);
        });
      });
      req.write(head);
      createReadStream(path, { highWaterMark: 256 * 1024 })
        .on('error', reject)
        .on('end', () => req.end(tail))
        .pipe(req, { end: false });
    });
  /**
   * Waits until every asset is FINISHED, polling as the library page does (one POST /api/asset/list of the ids
   * still processing, at most 100), every 250 ms instead of the page's 2 s. @param {number[]} ids
   */
  const waitFinished = async (ids) => {
    let pending = [...ids];
    while (pending.length) {
      const page = await api('POST', '/api/asset/list', { ids: pending.slice(0, 100), limit: 100 });
      /** @type {Map<number, { status: string; processing_error?: string }>} */
      const byId = new Map(page.items.map((/** @type {any} */ a) => [a.id, a]));
      for (const [id, a] of byId) {
        if (a.status === 'PROCESSING_FAILED') throw new Error(`asset ${id} failed: ${a.processing_error}`);
      }
      pending = pending.filter((id) => byId.get(id)?.status !== 'FINISHED');
      if (pending.length) await sleep(250);
    }
  };
  return { base, cookie, auth, api, post, uploadFile, waitFinished };
}

/** @typedef {Awaited<ReturnType<typeof signIn>>} Client */
