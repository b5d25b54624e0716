import { describe, expect, it } from 'vitest';

import { isAdminRole, trialDaysRemaining, trialExtensionRefusal } from './rules.js';

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
