import { defaultErrorPageSettings } from '@emblem/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/queryClient';
import { getRecentHubs, RECENT_HUBS_KEY, rememberHub } from '../lib/recentHubs';
import { fakeServer } from '../test/utils';
import { ErrorPage } from './ErrorPage';

function renderErrorPage(element: React.ReactElement) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('ErrorPage', () => {
  it('shows the settings loaded from the server', async () => {
    const { calls } = fakeServer({
      'GET /api/error-page/404': {
        data: {
          ...defaultErrorPageSettings('404'),
          title: 'Lost?',
          description: 'Custom text',
          buttonLabel: 'Back to start',
          sublineColor: '#112233',
        },
      },
    });
    renderErrorPage(<ErrorPage code="404" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost?' })).toBeTruthy();
    expect((screen.getByText('Custom text') as HTMLElement).style.color).toBe('rgb(17, 34, 51)');
    expect(screen.getByRole('link', { name: 'Back to start' }).getAttribute('href')).toBe('/');
    expect(calls.map((c) => c.path)).toEqual(['/api/error-page/404']);
  });

  it('falls back to the default texts when loading fails', async () => {
    fakeServer({ 'GET /api/error-page/403': { status: 500, body: { success: false, error: 'Something went wrong. Please try again.' } } });
    renderErrorPage(<ErrorPage code="403" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText(defaultErrorPageSettings('403').description)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });

  it('falls back to the defaults on a network failure too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderErrorPage(<ErrorPage code="404" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('uses the preview settings without fetching', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderErrorPage(
      <ErrorPage
        code="404"
        preview={{
          ...defaultErrorPageSettings('404'),
          title: 'Preview title',
          sublineEnabled: false,
          keyVisualOn: true,
          keyVisualArtUrl: 'https://cdn.example.com/k.png',
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Preview title' })).toBeTruthy();
    expect(screen.queryByText(defaultErrorPageSettings('404').description)).toBeNull();
    expect(document.querySelector('img.error-page__visual')?.getAttribute('src')).toBe('https://cdn.example.com/k.png');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows up to four recent hub links and forgets a hub once it is visited', () => {
    for (const [hubId, hubTitle] of [
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
      [4, 'Four'],
      [5, 'Five'],
    ] as const) {
      rememberHub({ hubId, hubTitle });
    }
    renderErrorPage(<ErrorPage code="404" preview={defaultErrorPageSettings('404')} />);
    const nav = screen.getByRole('navigation', { name: 'Recently visited guidelines' });
    const links = nav.querySelectorAll('a');
    expect(Array.from(links).map((a) => a.textContent)).toEqual(['Five', 'Four', 'Three', 'Two']);
    expect(links[0]?.getAttribute('href')).toBe('/hub/5');
    const five = links[0] as HTMLAnchorElement;
    five.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(five);
    expect(getRecentHubs().map((h) => h.hubId)).toEqual([4, 3, 2, 1]);
  });

  it('does not render the links list when there are no recent hubs or links are off', () => {
    renderErrorPage(<ErrorPage code="404" preview={defaultErrorPageSettings('404')} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    window.localStorage.setItem(RECENT_HUBS_KEY, JSON.stringify([{ hubId: 1, hubTitle: 'One' }]));
    renderErrorPage(<ErrorPage code="404" preview={{ ...defaultErrorPageSettings('404'), last4LinksEnabled: false }} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('applies the page background only when enabled', () => {
    const settings = {
      ...defaultErrorPageSettings('403'),
      pageBackgroundEnabled: true,
      pageBackgroundUrl: 'https://cdn.example.com/bg.png',
      pageBackgroundPosition: 'Tiling' as const,
      pageBackgroundColor: '#ff0000',
    };
    const { container } = renderErrorPage(<ErrorPage code="403" preview={settings} />);
    const page = container.querySelector<HTMLElement>('.error-page');
    expect(page?.style.backgroundImage).toContain('https://cdn.example.com/bg.png');
    expect(page?.style.backgroundRepeat).toBe('repeat');
    expect(page?.style.backgroundColor).toBe('rgb(255, 0, 0)');
  });

  it("shows the app's background unless the page has its own", () => {
    const { container } = renderErrorPage(<ErrorPage code="404" preview={defaultErrorPageSettings('404')} />);
    // No colour of its own (shell-css.test.ts checks the stylesheet): the app's background shows through.
    expect(container.querySelector<HTMLElement>('.error-page')?.style.backgroundColor).toBe('');
  });

  it('never puts a javascript: URL into the key visual', () => {
    renderErrorPage(
      <ErrorPage code="404" preview={{ ...defaultErrorPageSettings('404'), keyVisualOn: true, keyVisualArtUrl: 'javascript:alert(1)' }} />,
    );
    expect(document.querySelector('img.error-page__visual')).toBeNull();
  });

  it('shows slots, sample links and static links in the builder preview, and leaves the document title alone', () => {
    document.title = 'Builder';
    rememberHub({ hubId: 9, hubTitle: 'Visited hub' });
    renderErrorPage(
      <ErrorPage
        code="404"
        preview={defaultErrorPageSettings('404')}
        previewLinks={[{ hubId: 1, hubTitle: 'Sample hub' }]}
        slots={{ title: <p>Inline title editor</p>, subline: <p>Inline subline editor</p> }}
        staticLinks
      />,
    );
    expect(screen.getByText('Inline title editor')).toBeTruthy();
    expect(screen.getByText('Inline subline editor')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Recently visited guidelines' });
    expect(nav.textContent).toBe('Sample hub');
    const link = screen.getByRole('link', { name: 'Sample hub' });
    expect(fireEvent.click(link)).toBe(false); // default prevented: the builder stays
    expect(fireEvent.click(screen.getByRole('link', { name: 'Home' }))).toBe(false);
    expect(getRecentHubs().map((h) => h.hubId)).toEqual([9]);
    expect(document.title).toBe('Builder');
  });
});
