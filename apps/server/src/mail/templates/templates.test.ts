import { LANGUAGES } from '@emblem/core';
import { describe, expect, it } from 'vitest';
import { mailLanguage, mailMessage } from './index.js';

describe('mail templates', () => {
  it('writes in the recipient’s language, every interface language, and in English for anything else', () => {
    for (const language of LANGUAGES) expect(mailLanguage(language)).toBe(language);
    expect(mailLanguage('xx')).toBe('en');
    expect(mailLanguage(null)).toBe('en');
    expect(mailLanguage('constructor')).toBe('en');
    const english = mailMessage('passwordReset', 'a@example.com', 'en', { name: null, link: 'http://x/l', validMinutes: 60 });
    expect(english.subject).toBe('Reset your Emblem password');
    const subjects = new Set(
      LANGUAGES.map(
        (language) => mailMessage('passwordReset', 'a@example.com', language, { name: null, link: 'http://x/l', validMinutes: 60 }).subject,
      ),
    );
    expect(subjects.size).toBe(LANGUAGES.length);
  });

  it.each(LANGUAGES)('writes every message in %s with its link and the names it was given', (language) => {
    const expiresAt = new Date('2026-03-28T14:05:00Z');
    const messages = [
      mailMessage('invitation', 'n@example.com', language, { accountName: 'Acme', inviterName: 'Zoë', link: 'http://x/i', expiresAt }),
      mailMessage('addedToAccount', 'n@example.com', language, {
        name: 'Ada',
        accountName: 'Acme',
        inviterName: 'Zoë',
        signInUrl: 'http://x/auth',
      }),
      mailMessage('verification', 'n@example.com', language, {
        to: 'n@example.com',
        name: 'Ada',
        link: 'http://x/v',
        change: false,
        validHours: 24,
      }),
      mailMessage('passwordReset', 'n@example.com', language, { name: 'Ada', link: 'http://x/r', validMinutes: 60 }),
      mailMessage('notifications', 'n@example.com', language, {
        name: 'Ada',
        link: 'http://x/n',
        items: (['mention', 'comment_reply', 'review_request', 'review_decision', 'assignment', 'due_date'] as const).map((type) => ({
          type,
          actorName: 'Zoë',
          assetTitle: 'Logo',
          projectName: 'Brand assets',
          url: 'http://x/a',
          data: { decision: 'APPROVED', due_date: '2026-04-01' },
        })),
      }),
    ];
    for (const message of messages) {
      expect(message.subject.length).toBeGreaterThan(5);
      expect(message.text).toMatch(/http:\/\/x\/(i|auth|v|r|n)/);
      expect(message.html).toContain('http://x/');
    }
    expect(messages[0]?.text).toContain('Acme');
    expect(messages[1]?.text).toContain('Ada');
    const digest = messages[4]?.text ?? '';
    expect(digest.match(/Logo/g)).toHaveLength(6);
    expect(digest).not.toContain('undefined');
  });

  it('puts the link on a line of its own in the text and escapes what people typed in the HTML', () => {
    const message = mailMessage('invitation', 'new@example.com', 'en', {
      accountName: 'Acme <b>& Co</b>',
      inviterName: 'Zoë "Z" Admin',
      link: 'http://127.0.0.1:3000/auth/invitation/abc?x=1&y=2',
      expiresAt: new Date('2026-03-28T14:05:00Z'),
    });
    expect(message.to).toBe('new@example.com');
    expect(message.subject).toBe('You are invited to join Acme <b>& Co</b> on Emblem');
    expect(message.text.split('\n')).toContain('http://127.0.0.1:3000/auth/invitation/abc?x=1&y=2');
    expect(message.text).toContain('until 28 March 2026 at 14:05 UTC');
    expect(message.html).toContain('Acme &#60;b&#62;&#38; Co&#60;/b&#62;');
    expect(message.html).toContain('Zoë &#34;Z&#34; Admin');
    expect(message.html).toContain('href="http://127.0.0.1:3000/auth/invitation/abc?x=1&#38;y=2"');
    expect(message.html).not.toContain('<b>');
  });

  it('greets by name when there is one and says who invited, or "An admin"', () => {
    const added = mailMessage('addedToAccount', 'a@example.com', 'en', {
      name: 'Ada',
      accountName: 'Acme',
      inviterName: null,
      signInUrl: 'http://x/auth',
    });
    expect(added.text.startsWith('Hello Ada,\n')).toBe(true);
    expect(added.text).toContain('An admin added you to Acme on Emblem.');
    const verification = mailMessage('verification', 'b@example.com', 'en', {
      to: 'b@example.com',
      name: null,
      link: 'http://x/v',
      change: true,
      validHours: 24,
    });
    expect(verification.text.startsWith('Hello,\n')).toBe(true);
    expect(verification.subject).toBe('Confirm your new e-mail address');
  });

  it('lists each notification on a line of its own and escapes the names people typed in the HTML', () => {
    const message = mailMessage('notifications', 'a@example.com', 'en', {
      name: 'Ada',
      link: 'http://x/notifications',
      items: [
        {
          type: 'mention',
          actorName: 'Bo <script>',
          assetTitle: 'Logo & <b>Co</b>',
          projectName: 'Media',
          url: 'http://x/brands/1/projects/2/assets/3',
          data: {},
        },
        { type: 'comment_reply', actorName: null, assetTitle: null, projectName: null, url: null, data: {} },
      ],
    });
    expect(message.subject).toBe('You have 2 new notifications on Emblem');
    expect(message.text.split('\n')).toContain(
      'Bo <script> mentioned you on Logo & <b>Co</b> (Media): http://x/brands/1/projects/2/assets/3',
    );
    expect(message.text.split('\n')).toContain('Someone replied to a comment of yours on an asset');
    expect(message.text.split('\n')).toContain('http://x/notifications');
    expect(message.html).toContain('Bo &#60;script&#62; mentioned you on Logo &#38; &#60;b&#62;Co&#60;/b&#62;');
    expect(message.html).not.toContain('<script>');
    expect(message.html).not.toContain('<b>');
  });
});
