import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { mailbox } from '../test/mail.js';
import { createMailer, linksOf, MailDeliveryError, mailDir } from './mailer.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'emblem-mail-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A pino logger whose JSON lines are kept. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

/**
 * A minimal SMTP server on loopback: answers each command, keeps what DATA carried. `silent` never greets (a
 * server that hangs).
 */
async function smtpServer(opts: { silent?: boolean } = {}): Promise<{ port: number; received: string[]; rcpt: string[] }> {
  const received: string[] = [];
  const rcpt: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (opts.silent) return;
    let buffer = '';
    let inData = false;
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          rcpt.push(line);
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, received, rcpt };
}

const message = {
  to: 'zoe@example.com',
  subject: 'Verify your e-mail address',
  text: 'Hello Zoë,\n\nopen http://127.0.0.1:3000/user-email-verification?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ to verify.\n',
};

describe('mailer', () => {
  it('without SMTP_URL writes each message as an .eml file under DATA_DIR/mail and logs its links', async () => {
    const dataDir = tempDir();
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Emblem <no-reply@localhost>', dataDir }, log);
    expect(mailer.kind).toBe('file');
    const first = await mailer.send(message);
    const second = await mailer.send({ ...message, to: 'other@example.com', subject: 'Second' });
    expect(first.file?.startsWith(mailDir(dataDir))).toBe(true);
    expect(readdirSync(mailDir(dataDir)).sort()).toEqual([first.file, second.file].map((f) => f?.split('/').pop()).sort());
    expect(statSync(first.file ?? '').mode & 0o777).toBe(0o600);

    const [a, b] = mailbox(dataDir);
    expect(a).toMatchObject({ to: 'zoe@example.com', from: 'Emblem <no-reply@localhost>', subject: 'Verify your e-mail address' });
    // The decoded text is exactly what was sent (quoted-printable, UTF-8 and the long link survive).
    expect(a?.text.trimEnd()).toBe(message.text.trimEnd());
    expect(b?.subject).toBe('Second');

    const logged = lines.filter((l) => l.msg === 'e-mail written to a file (SMTP_URL is not set)');
    expect(logged[0]).toMatchObject({ to: 'zoe@example.com', file: first.file, links: [linksOf(message.text)[0]] });
    expect(linksOf(message.text)).toEqual([
      'http://127.0.0.1:3000/user-email-verification?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
    ]);
  });

  it('a file that cannot be written is a delivery error', async () => {
    const dataDir = tempDir();
    // DATA_DIR/mail is a file, so no message can be written under it.
    writeFileSync(mailDir(dataDir), 'not a directory');
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Emblem <no-reply@localhost>', dataDir }, capturingLogger().log);
    await expect(mailer.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
  });

  it('with SMTP_URL sends through the SMTP server, from MAIL_FROM', async () => {
    const smtp = await smtpServer();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Brand <brand@example.com>', dataDir: tempDir() },
      capturingLogger().log,
    );
    cleanup.push(() => mailer.close());
    expect(mailer.kind).toBe('smtp');
    const sent = await mailer.send(message);
    expect(sent.file).toBeNull();
    expect(smtp.rcpt).toEqual(['RCPT TO:<zoe@example.com>']);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('From: Brand <brand@example.com>');
    expect(smtp.received[0]).toContain('Subject: Verify your e-mail address');
  });

  it('gives up on an SMTP server that does not answer, or is not there, with a delivery error', async () => {
    const silent = await smtpServer({ silent: true });
    const timeouts = { connectionMs: 300, greetingMs: 300, socketMs: 300 };
    const hanging = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${silent.port}`, mailFrom: 'Emblem <no-reply@localhost>', dataDir: tempDir() },
      capturingLogger().log,
      timeouts,
    );
    await expect(hanging.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
    expect(silent.received).toEqual([]);

    // A port nobody listens on: connection refused.
    const closed = await smtpServer();
    const port = closed.port;
    await cleanup.pop()?.();
    const absent = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Emblem <no-reply@localhost>', dataDir: tempDir() },
      capturingLogger().log,
      timeouts,
    );
    await expect(absent.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
  });
});
