import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';

/** Renders a toolkit component with the query client and translations, and a user-event instance. */
export function renderToolkit(ui: ReactElement, options: { fakeTimers?: boolean } = {}) {
  const queryClient = createQueryClient();
  // Testing Library drains its async wrapper with setTimeout(0) and advances fake timers only through a global
  // `jest`; vitest's fake timers are reached the same way.
  if (options.fakeTimers) vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const user = userEvent.setup(options.fakeTimers ? { delay: null, advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  const wrap = (node: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const result = render(wrap(ui));
  const rerender = (next: ReactElement) => result.rerender(wrap(next));
  return { ...result, rerender, user, queryClient };
}

/** The setting element labelled `label` (its data-state, data-flash and data-pulse show the state machine). */
export function settingRoot(label: string): HTMLElement {
  const root = [...document.querySelectorAll<HTMLElement>('.setting')].find((el) => el.dataset.label === label);
  if (!root) throw new Error(`No setting labelled ${label}`);
  return root;
}

/** The dialog named `name` once the cropper, which loads on demand, shows in it. */
export async function openedCropDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
  return dialog;
}
