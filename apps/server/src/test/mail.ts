import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mailDir } from '../mail/mailer.js';

/** A message the file mailer wrote (DATA_DIR/mail/*.eml), with its plain-text part decoded. */
export interface WrittenMail {
  file: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

function decode(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e !== 'quoted-printable') return body;
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header with RFC 2047 encoded words (`=?UTF-8?Q?Vous_=C3=AAtes?=`) as text; the space between two words goes. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? decode(text, 'base64') : decode(text.replaceAll('_', ' '), 'quoted-printable'),
    );
}

function headers(block: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const m = /^([\w-]+):\s*(.*)$/.exec(line);
    if (m?.[1]) result[m[1].toLowerCase()] = m[2] ?? '';
  }
  return result;
}

/** Parses an RFC 822 message as nodemailer writes it (single part or multipart/alternative). */
export function parseEml(source: string, file = ''): WrittenMail {
  const split = source.search(/\r?\n\r?\n/);
  const head = headers(source.slice(0, split));
  const body = source.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(head['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const at = chunk.search(/\r?\n\r?\n/);
      const h = headers(chunk.slice(0, at).trim());
      const content = chunk
        .slice(at)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, '');
      const type = (h['content-type'] ?? '').split(';')[0]?.trim() ?? '';
      parts[type] = decode(content, h['content-transfer-encoding']);
    }
  } else {
    parts[(head['content-type'] ?? 'text/plain').split(';')[0]?.trim() ?? 'text/plain'] = decode(body, head['content-transfer-encoding']);
  }
  return {
    file,
    to: head.to ?? '',
    from: head.from ?? '',
    subject: decodeWords(head.subject ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

/** Every message written under `dataDir`, oldest first (file names start with the time). */
export function mailbox(dataDir: string): WrittenMail[] {
  const dir = mailDir(dataDir);
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.sort().map((n) => parseEml(readFileSync(join(dir, n), 'utf8'), join(dir, n)));
}

/** The messages to one address, oldest first. */
export function mailTo(dataDir: string, to: string): WrittenMail[] {
  return mailbox(dataDir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The token of the verification link in a message. */
export function verificationToken(mail: WrittenMail): string {
  const m = /\/user-email-verification\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m?.[1]) throw new Error(`no verification link in ${mail.file}:\n${mail.text}`);
  return m[1];
}

/** The token at the end of the first link to `{path}/{token}` in a message (invitation, password reset). */
export function linkToken(mail: WrittenMail, path: string): string {
  const m = new RegExp(`${path.replace(/[/.]/g, '\\$&')}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no ${path}/… link in ${mail.file}:\n${mail.text}`);
  return m[1];
}

/**
 * The messages to `to` once there are `count` of them: for messages sent after the answer (a password reset link
 * goes out after the request is answered). Fails after `timeoutMs`.
 */
export async function waitForMail(dataDir: string, to: string, count = 1, timeoutMs = 5_000): Promise<WrittenMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailTo(dataDir, to);
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`expected ${count} message(s) to ${to}, found ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
