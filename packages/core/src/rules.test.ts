import { describe, expect, it } from 'vitest';
import {
  adminSectionAccess,
  isAdminRole,
  needsFullPageLoad,
  safeReferer,
  sameId,
  slugify,
  trialDaysRemaining,
  trialExtensionRefusal,
  usageLandingTab,
} from './rules.js';

const now = new Date('2026-06-15T12:00:00Z');
const daysFromNow = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe('isAdminRole', () => {
  it('treats owners and super users as admins, members not', () => {
    expect(isAdminRole('OWNER')).toBe(true);
    expect(isAdminRole('SUPER_USER')).toBe(true);
    expect(isAdminRole('MEMBER')).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });
});

describe('slugify', () => {
  it('lower-cases, strips accents and joins words with hyphens', () => {
    expect(slugify('  Café Crème & Co.  ')).toBe('cafe-creme-co');
    expect(slugify('ACME')).toBe('acme');
  });
  it('never returns an empty slug', () => {
    expect(slugify('!!!')).toBe('brand');
    expect(slugify('日本')).toBe('brand');
  });
  it('keeps slugs at most 60 characters without a trailing hyphen', () => {
    const s = slugify(`${'a'.repeat(59)} b`);
    expect(s.length).toBeLessThanOrEqual(60);
    expect(s.endsWith('-')).toBe(false);
  });
});

describe('trial rule', () => {
  it('counts remaining days, negative once over', () => {
    expect(trialDaysRemaining(daysFromNow(3), now)).toBe(3);
    expect(trialDaysRemaining(daysFromNow(-2), now)).toBeLessThan(0);
    expect(trialDaysRemaining(null, now)).toBeNull();
  });
  it('allows an admin to extend an expired trial of a paid plan once', () => {
    const expired = { plan: 'PRO', trialEnd: daysFromNow(-1), trialExtendedAt: null };
    expect(trialExtensionRefusal(expired, true, now)).toBeNull();
    expect(trialExtensionRefusal(expired, false, now)).toBe('not-allowed');
    expect(trialExtensionRefusal({ ...expired, trialExtendedAt: now }, true, now)).toBe('already-extended');
    expect(trialExtensionRefusal({ ...expired, plan: 'FREE' }, true, now)).toBe('free-plan');
    expect(trialExtensionRefusal({ ...expired, trialEnd: daysFromNow(5) }, true, now)).toBe('trial-running');
  });
});

describe('adminSectionAccess', () => {
  it('refuses unknown sections as not found', () => {
    expect(adminSectionAccess('billing', true, [])).toBe('not-found');
  });
  it('lets admins into users, guidelines, projects and libraries', () => {
    for (const s of ['users', 'guidelines', 'projects', 'libraries']) expect(adminSectionAccess(s, true, [])).toBe('allowed');
  });
  it('gates groups and targets behind their flags', () => {
    expect(adminSectionAccess('groups', true, [])).toBe('forbidden');
    expect(adminSectionAccess('groups', true, ['USER_GROUPS'])).toBe('allowed');
    expect(adminSectionAccess('targets', true, ['TARGETS'])).toBe('allowed');
  });
  it('lets non-admins reach only access-requests, and only with one of its flags', () => {
    expect(adminSectionAccess('users', false, ['ACCESS_REQUESTS'])).toBe('forbidden');
    expect(adminSectionAccess('access-requests', false, [])).toBe('forbidden');
    expect(adminSectionAccess('access-requests', false, ['ACCESS_REQUESTS'])).toBe('allowed');
    expect(adminSectionAccess('access-requests', false, ['USER_PROVISIONING'])).toBe('allowed');
    expect(adminSectionAccess('access-requests', false, ['GROUP_PROVISIONING'])).toBe('allowed');
  });
});

describe('routing helpers', () => {
  it('sends admins to users and others to access-requests', () => {
    expect(usageLandingTab(true)).toBe('users');
    expect(usageLandingTab(false)).toBe('access-requests');
  });
  it('does a full page load for hub, document, d and r paths only', () => {
    for (const p of ['/hub/3', '/document/5/7', '/d/abc', '/r/x', 'hub']) expect(needsFullPageLoad(p)).toBe(true);
    for (const p of ['/', '/brands/1', '/docs', '/dashboard', '/hubs']) expect(needsFullPageLoad(p)).toBe(false);
    expect(needsFullPageLoad('/brands/1', true)).toBe(true);
  });
  it('compares route ids with the context as numbers', () => {
    expect(sameId('12', 12)).toBe(true);
    expect(sameId('012', 12)).toBe(true);
    expect(sameId('12a', 12)).toBe(false);
    expect(sameId('13', 12)).toBe(false);
    expect(sameId(undefined, 12)).toBe(false);
  });
  it('accepts only local referers', () => {
    expect(safeReferer('/usage/users?x=1')).toBe('/usage/users?x=1');
    expect(safeReferer('https://evil.example')).toBe('/');
    expect(safeReferer('//evil.example')).toBe('/');
    expect(safeReferer('/\\evil.example')).toBe('/');
    expect(safeReferer('/auth?referer=/x')).toBe('/');
    expect(safeReferer(null)).toBe('/');
  });
});
