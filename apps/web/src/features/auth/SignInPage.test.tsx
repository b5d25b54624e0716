import { defaultLoginPageSettings } from '@emblem/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it('signs in and goes to the referer', async () => {
    let signedIn = false;
    const { calls } = fakeServer({
      'GET /api/auth/session': () => ({ data: signedIn ? sessionFor() : ANONYMOUS }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { data: { user: { id: 1, name: 'Ada', email: 'ada@example.com' }, csrfToken: 'new-token' } };
      },
      'GET /api/brand/5': {
        data: {
          id: 5,
          account_id: 1,
          name: 'Acme',
          slug: 'acme',
          avatar: null,
          is_favourite: false,
          created_at: '2025-01-01',
          permissions: { canEdit: false, canDelete: false },
        },
      },
    });
    const { router } = renderApp('/auth?referer=%2Fbrands%2F5');
    await fillAndSubmit('  Ada@Example.com ', 'correct-horse-battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/5'));
    const login = calls.find((c) => c.path === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'correct-horse-battery' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeTruthy();
    // The header knows the new session at once.
    expect(screen.getByRole('button', { name: /Account menu/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('never follows a referer to another site', async () => {
    let signedIn = false;
    fakeServer({
      'GET /api/auth/session': () => ({ data: signedIn ? sessionFor() : ANONYMOUS }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { data: { user: { id: 1, name: 'Ada', email: 'ada@example.com' }, csrfToken: 't' } };
      },
      'GET /api/brand': { data: [] },
    });
    const { router } = renderApp('/auth?referer=%2F%2Fevil.example.com');
    await fillAndSubmit('ada@example.com', 'correct-horse-battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows "Invalid email or password" on 401', async () => {
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'POST /api/auth/login': { status: 401, body: { success: false, error: 'Invalid email or password' } },
    });
    renderApp('/auth');
    await fillAndSubmit('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
  });

  it('shows a rate-limit message on 429', async () => {
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'POST /api/auth/login': { status: 429, headers: { 'Retry-After': '600' }, body: { success: false, error: 'Too many attempts' } },
    });
    renderApp('/auth');
    await fillAndSubmit('ada@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many failed sign-in attempts. Wait 10 minutes');
  });

  it('shows field errors from the schema before sending and from the server envelope after', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'POST /api/auth/login': {
        status: 400,
        body: { success: false, error: 'Validation failed', errors: { email: ['Is not allowed here'] } },
      },
    });
    renderApp('/auth');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText(/^E-mail/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Is required')).toHaveLength(2);
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);

    await user.type(email, 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Is not allowed here')).toBeTruthy();
  });

  it('sends a visitor who is already signed in straight to the referer', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/account/usage': { data: null } });
    const { router } = renderApp('/auth?referer=%2Fusage%2Fusers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/usage/users'));
  });

  it("renders with the sign-in page's settings from the login-page builder", async () => {
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'GET /api/login-page': {
        data: {
          settings: {
            title: 'Welcome to the Acme hub',
            description: '',
            buttonLabel: 'Enter the hub',
            helpText: 'No account yet? Ask brand@acme.example.',
            keyVisualUrl: '/media/image/AAAAAAAAAAAAAAAAAAAAAA.webp',
            keyVisualMaxHeight: '60px',
            backgroundColor: '#102030',
            backgroundImageUrl: 'javascript:alert(1)',
            backgroundPosition: 'Tiling',
            buttonStyle: null,
            cardRadius: '0px',
          },
          shown_on_sign_in: true,
        },
      },
    });
    const { container } = renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to the Acme hub' })).toBeTruthy();
    expect(screen.queryByText(/Use the e-mail address and password/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Enter the hub' })).toBeTruthy();
    expect(screen.getByText('No account yet? Ask brand@acme.example.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Welcome to the Acme hub' })).toBeTruthy();
    const visual = container.querySelector('img.login-page__visual');
    expect(visual?.getAttribute('src')).toMatch(/\/media\/image\/A{22}\.webp$/);
    const page = container.querySelector<HTMLElement>('.login-page');
    expect(page?.style.backgroundColor).toBe('rgb(16, 32, 48)');
    // Only http(s) and same-site URLs become a background.
    expect(page?.style.backgroundImage).toBe('');
  });

  it('shows a rich help text as HTML, with its links as stored; a plain help text from before shows as text', async () => {
    let helpText =
      '<p><strong>No account yet?</strong> <a href="https://it.acme.example/join" target="_blank" rel="noopener noreferrer">Request access</a></p>' +
      '<p>Or write to <a href="mailto:brand@acme.example">the brand team</a>.</p>';
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'GET /api/login-page': () => ({ data: { settings: { ...defaultLoginPageSettings(), helpText }, shown_on_sign_in: true } }),
    });
    const { container, unmount } = renderApp('/auth');
    const request = await screen.findByRole('link', { name: 'Request access' });
    expect(request.getAttribute('href')).toBe('https://it.acme.example/join');
    expect(request.getAttribute('target')).toBe('_blank');
    expect(request.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'the brand team' }).getAttribute('href')).toBe('mailto:brand@acme.example');
    expect(screen.getByText('No account yet?').tagName).toBe('STRONG');
    const help = container.querySelector('.login-page__help');
    expect(help?.querySelectorAll('p')).toHaveLength(2);
    expect(help?.textContent).not.toContain('<');
    unmount();

    // Stored before the help text became rich text: no tags, shown as it reads.
    helpText = 'Ask IT <it@acme.example> & co';
    const again = renderApp('/auth');
    expect(await screen.findByText('Ask IT <it@acme.example> & co')).toBeTruthy();
    expect(again.container.querySelector('.login-page__help a')).toBeNull();
  });

  it('keeps the defaults when the settings cannot be loaded', async () => {
    fakeServer({
      'GET /api/auth/session': { data: ANONYMOUS },
      'GET /api/login-page': { status: 500, body: { success: false, error: 'Something went wrong' } },
    });
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Emblem' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
