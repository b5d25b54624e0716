import { describe, expect, it } from 'vitest';
import { assetExpiresAtSchema, EXPIRING_SOON_MS, expiryState, isAssetExpiryFilter } from './expiry.js';

describe('asset expiry', () => {
  const now = Date.UTC(2030, 5, 1, 12);
  it('is expired at and after expires_at, expiring soon within 30 days, otherwise neither', () => {
    expect(expiryState(null, now)).toBeNull();
    expect(expiryState(new Date(now).toISOString(), now)).toBe('expired');
    expect(expiryState(new Date(now - 1).toISOString(), now)).toBe('expired');
    expect(expiryState(new Date(now + 1).toISOString(), now)).toBe('expiring_soon');
    expect(expiryState(new Date(now + EXPIRING_SOON_MS).toISOString(), now)).toBe('expiring_soon');
    expect(expiryState(new Date(now + EXPIRING_SOON_MS + 1).toISOString(), now)).toBeNull();
    expect(expiryState('not a date', now)).toBeNull();
  });

  it('takes ISO date-times with an offset, or null, and refuses the rest', () => {
    expect(assetExpiresAtSchema.parse('2027-01-31T17:00:00Z')).toBe('2027-01-31T17:00:00Z');
    expect(assetExpiresAtSchema.parse('2027-01-31T17:00:00+02:00')).toBe('2027-01-31T17:00:00+02:00');
    expect(assetExpiresAtSchema.parse('2001-01-31T17:00:00Z')).toBe('2001-01-31T17:00:00Z');
    expect(assetExpiresAtSchema.parse(null)).toBeNull();
    for (const bad of ['2027-01-31', 'tomorrow', '2027-13-01T00:00:00Z', '1999-12-31T23:59:59Z', 5, true, '']) {
      expect(assetExpiresAtSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('knows its filters', () => {
    expect(isAssetExpiryFilter('expired')).toBe(true);
    expect(isAssetExpiryFilter('expiring_soon')).toBe(true);
    expect(isAssetExpiryFilter('submitted')).toBe(false);
    expect(isAssetExpiryFilter(null)).toBe(false);
  });
});
