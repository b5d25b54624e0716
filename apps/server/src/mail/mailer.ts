import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.js';

/** One message Emblem sends: plain text, optionally with an HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where a message went: the SMTP server's message id, or the .eml file it was written to. */
export interface SentMail {
  messageId: string;
  file: string | null;
}

/**
 * Sends e-mail. Injected like storage (`app.mailer`); operations call it after their transaction committed,
 * so a slow or failing mail server never holds a database transaction open.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super(`The message could not be sent: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MailDeliveryError';
  }
}

/** How long one SMTP exchange may take at most: a request waits for it, so it is kept short. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 15_000 };

/** The links of a message's text, for the log line of a message written to a file. */
export function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

/** The directory .eml files are written to when no SMTP server is configured. */
export function mailDir(dataDir: string): string {
  return join(dataDir, 'mail');
}

/** Sends through the SMTP server of SMTP_URL (nodemailer), with short timeouts. */
class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport;

  constructor(url: string, from: string, timeouts: SmtpTimeouts) {
    this.transport = createTransport(
      {
        url,
        connectionTimeout: timeouts.connectionMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
      },
      { from },
    );
  }

  async send(message: MailMessage): Promise<SentMail> {
    try {
      const info = await this.transport.sendMail(message);
      return { messageId: info.messageId, file: null };
    } catch (err) {
      throw new MailDeliveryError(err);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/**
 * Without SMTP_URL: nodemailer builds the RFC 822 message (stream transport, buffered) and it is written to
 * DATA_DIR/mail/{time}-{random}.eml atomically; the log line names the file and the message's links.
 */
class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  private readonly transport;
  /** Keeps file names in sending order within one millisecond. */
  private sequence = 0;

  constructor(
    private readonly dir: string,
    from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  }

  async send(message: MailMessage): Promise<SentMail> {
    try {
      const info = await this.transport.sendMail(message);
      const bytes = info.message;
      if (!Buffer.isBuffer(bytes)) throw new Error('the stream transport did not buffer the message');
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const order = String(this.sequence++ % 1_000_000).padStart(6, '0');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${order}-${randomBytes(6).toString('hex')}.eml`;
      const file = join(this.dir, name);
      const temp = `${file}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
      this.log.info(
        { to: message.to, subject: message.subject, file, links: linksOf(message.text) },
        'e-mail written to a file (SMTP_URL is not set)',
      );
      return { messageId: info.messageId, file };
    } catch (err) {
      throw new MailDeliveryError(err);
    }
  }

  async close(): Promise<void> {}
}

/** The mailer the configuration asks for: SMTP with SMTP_URL, .eml files under DATA_DIR/mail otherwise. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
  timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom, timeouts);
  return new FileMailer(mailDir(config.dataDir), config.mailFrom, log);
}
