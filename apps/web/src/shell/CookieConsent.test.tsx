import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/queryClient';
import { type Session, sessionQueryKey } from '../lib/session';
import { ANONYMOUS, sessionFor } from '../test/utils';
import { CookieConsentProvider, useCookieConsent } from './CookieConsent';
import { CONSENT_COOKIE, readConsent, writeConsent } from './cookieConsentStore';
import { NARROW_SCREEN } from './useMediaQuery';

function StateProbe() {
  const state = useCookieConsent();
  return (
    <output data-testid="state">
      {JSON.stringify({
        open: state.isCookieConsentOpen,
        preferences: state.preferencesScriptsEnabled,
        statistics: state.statisticsScriptsEnabled,
      })}
    </output>
  );
}

function renderConsent({ path = '/', session = sessionFor({ flags: ['COOKIE_CONSENT'] }) }: { path?: string; session?: Session } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey, session);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <CookieConsentProvider>
          <StateProbe />
        </CookieConsentProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function consentDialog() {
  return screen.queryByRole('dialog', { name: 'Cookies on Emblem' });
}

function cookieValue(): string | undefined {
  return document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
}

function state() {
  return JSON.parse(screen.getByTestId('state').textContent ?? '{}') as { open: boolean; preferences: boolean; statistics: boolean };
}

describe('cookie consent', () => {
  it('opens on a first visit when the account has COOKIE_CONSENT', () => {
    renderConsent();
    expect(consentDialog()).not.toBeNull();
    expect(state()).toEqual({ open: true, preferences: false, statistics: false });
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('Accept all turns both on, stores the cookie and closes', () => {
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(readConsent()).toEqual({ preferences: true, statistics: true });
    expect(cookieValue()).toBe(`${CONSENT_COOKIE}=${encodeURIComponent('{"preferences":true,"statistics":true}')}`);
    expect(consentDialog()).toBeNull();
    expect(state()).toEqual({ open: false, preferences: true, statistics: true });
  });

  it('Reject non-essential turns both off and clears the statistics storage', () => {
    window.localStorage.setItem('AMP_abc', 'device');
    window.localStorage.setItem('AMP_unsent', 'events');
    window.localStorage.setItem('emblem_recent_hubs', '[]');
    renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Reject non-essential' }));
    expect(readConsent()).toEqual({ preferences: false, statistics: false });
    expect(window.localStorage.getItem('AMP_abc')).toBeNull();
    expect(window.localStorage.getItem('AMP_unsent')).toBeNull();
    expect(window.localStorage.getItem('emblem_recent_hubs')).toBe('[]');
    expect(consentDialog()).toBeNull();
  });

  it('Save selection stores the chosen boxes and clears statistics when they are off', () => {
    window.localStorage.setItem('AMP_abc', 'device');
    renderConsent();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Preferences' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save selection' }));
    expect(readConsent()).toEqual({ preferences: true, statistics: false });
    expect(window.localStorage.getItem('AMP_abc')).toBeNull();
    expect(state()).toEqual({ open: false, preferences: true, statistics: false });
  });

  it('Save selection with statistics on keeps the statistics storage', () => {
    window.localStorage.setItem('AMP_abc', 'device');
    renderConsent();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Statistics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save selection' }));
    expect(readConsent()).toEqual({ preferences: false, statistics: true });
    expect(window.localStorage.getItem('AMP_abc')).toBe('device');
  });

  it('does not open again once a choice is stored, and the floating button reopens it', () => {
    const first = renderConsent();
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    first.unmount();

    renderConsent();
    expect(consentDialog()).toBeNull();
    expect(state()).toEqual({ open: false, preferences: true, statistics: true });
    fireEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(consentDialog()).not.toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Statistics' }) as HTMLInputElement).checked).toBe(true);
  });

  it('is not shown on /publishing/canvas/ paths', () => {
    renderConsent({ path: '/publishing/canvas/some-token' });
    expect(consentDialog()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('is shown on other publishing paths', () => {
    renderConsent({ path: '/publishing/template/4' });
    expect(consentDialog()).not.toBeNull();
  });

  it('is not shown when the account has the feature off', () => {
    renderConsent({ session: sessionFor({ flags: [] }) });
    expect(consentDialog()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).toBeNull();
  });

  it('is shown to anonymous visitors (sign-in page)', () => {
    renderConsent({ path: '/auth', session: ANONYMOUS });
    expect(consentDialog()).not.toBeNull();
  });
});

/** A matchMedia that answers `narrow` for the narrow-screen query (jsdom has none). */
function stubScreen(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === NARROW_SCREEN ? narrow : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

describe('the cookie settings entry', () => {
  const chosen = () => writeConsent({ preferences: false, statistics: false });

  it('floats in the corner on wide screens', () => {
    stubScreen(false);
    chosen();
    const { container } = renderConsent();
    expect(container.querySelector('.cookie-settings-button')).not.toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('on narrow screens is a line in the footer at the end of the page, not a floating button, and reopens the dialog', () => {
    stubScreen(true);
    chosen();
    const { container } = renderConsent();
    expect(container.querySelector('.cookie-settings-button')).toBeNull();
    const footer = screen.getByRole('contentinfo');
    // After the page's content, in the flow.
    expect(footer.previousElementSibling).toBe(screen.getByTestId('state'));
    fireEvent.click(within(footer).getByRole('button', { name: 'Cookie settings' }));
    expect(consentDialog()).not.toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
