import { describe, expect, it } from 'vitest';

import { adminSectionAccess, adminSectionFlag, needsFullPageLoad, safeReferer, sameId, usageLandingTab } from './rules.js';

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
  it('names the switch that opens a section, if one does', () => {
    expect(adminSectionFlag('groups')).toBe('USER_GROUPS');
    expect(adminSectionFlag('access-requests')).toBe('ACCESS_REQUESTS');
    expect(adminSectionFlag('targets')).toBe('TARGETS');
    expect(adminSectionFlag('users')).toBeNull();
    expect(adminSectionFlag('constructor')).toBeNull();
  });

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
