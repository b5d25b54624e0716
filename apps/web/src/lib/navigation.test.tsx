import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type NavigateOptions, pageLoader, useAppNavigate } from './navigation';

const captured: { go: (path: string, options?: NavigateOptions) => void } = { go: () => {} };

function Capture() {
  captured.go = useAppNavigate();
  return null;
}

function setup() {
  const router = createMemoryRouter([{ path: '*', element: <Capture /> }], { initialEntries: ['/start'] });
  render(<RouterProvider router={router} />);
  const assign = vi.spyOn(pageLoader, 'assign').mockImplementation(() => {});
  const replace = vi.spyOn(pageLoader, 'replace').mockImplementation(() => {});
  return { router, assign, replace, go: (path: string, options?: NavigateOptions) => act(() => captured.go(path, options)) };
}

describe('useAppNavigate', () => {
  it('does a full page load for hub, document, d and r paths', () => {
    const { router, assign, replace, go } = setup();
    go('/hub/3');
    go('/document/12/page#/-/block');
    go('/d/token', { replace: true });
    go('/r/abc');
    expect(assign.mock.calls.map((c) => c[0])).toEqual(['/hub/3', '/document/12/page#/-/block', '/r/abc']);
    expect(replace.mock.calls.map((c) => c[0])).toEqual(['/d/token']);
    expect(router.state.location.pathname).toBe('/start');
  });

  it('navigates in the app otherwise, optionally replacing the entry', async () => {
    const { router, assign, go } = setup();
    go('/brands/4');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/brands/4'));
    expect(router.state.historyAction).toBe('PUSH');
    go('/usage/users', { replace: true });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/usage/users'));
    expect(router.state.historyAction).toBe('REPLACE');
    // "/hubs" and "/documents" are app paths, not the external ones.
    go('/hubs');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/hubs'));
    expect(assign).not.toHaveBeenCalled();
  });
});
