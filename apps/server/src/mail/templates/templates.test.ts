import { describe, expect, it } from 'vitest';
import { mailLanguage, mailMessage } from './index.js';

describe('mail templates', () => {
  it('writes in the recipient’s language when a translation exists, in English otherwise', () => {
    expect(mailLanguage('en')).toBe('en');
    expect(mailLanguage('de')).toBe('en');
    expect(mailLanguage(null)).toBe('en');
    expect(mailLanguage('constructor')).toBe('en');
    const german = mailMessage('passwordReset', 'a@example.com', 'de', { name: null, link: 'http://x/l', validMinutes: 60 });
    expect(german.subject).toBe('Reset your Emblem password');
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
});
