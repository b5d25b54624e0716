import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { asset, project } from '../../test/fixtures';
import { fakeServer } from '../../test/utils';
import type { UploadCallbacks, UploadQueue, UploadTransport } from './queue';
import { replaceUploadTransport } from './store';
import { UploadPanel } from './UploadPanel';

/** A transport whose uploads the test finishes by hand. */
function setup(finish: () => Promise<{ assetId: number } | undefined> = async () => undefined) {
  const runs = new Map<string, UploadCallbacks>();
  const transport: UploadTransport = {
    start: (file, _options, callbacks) => {
      runs.set(file.name, callbacks);
      return { abort: () => {} };
    },
  };
  const queue = replaceUploadTransport(transport);
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <UploadPanel /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const add = (...names: string[]) =>
    act(() => {
      queue.add(
        names.map((name) => new File([new Uint8Array(100)], name, { type: 'image/png' })),
        { projectId: 1, finish },
      );
    });
  /** The transport reports the bytes stored; the (resolved) finish step then marks the file done. */
  const succeed = async (name: string) => {
    await act(async () => {
      runs.get(name)?.onSuccess(`file-${name}`);
    });
  };
  const fail = async (name: string) => {
    await act(async () => {
      runs.get(name)?.onError('The server refused this file.');
    });
  };
  return { queue, user, add, succeed, fail };
}

const tray = () => screen.getByRole('region', { name: 'Uploads' });
/** The visible summary of the open tray (the status line says the same to screen readers). */
const summary = () => tray().querySelector('.upload-panel__summary')?.textContent;
const indicator = () => within(tray()).getByRole('button', { name: /^Uploads / });

let current: UploadQueue | null = null;
afterEach(() => {
  current?.reset();
  current = null;
});

describe('the upload tray', () => {
  it('opens again when a finished file was already in its library, so the warning and its link are seen', async () => {
    fakeServer({
      'GET /api/asset/30/duplicates': { data: { assets: [asset({ id: 7, title: 'Logo original' })] } },
      'GET /api/project/1': { data: project({ id: 1, brand_id: 2 }) },
    });
    const { queue, add, succeed } = setup(async () => ({ assetId: 30 }));
    current = queue;
    add('logo.png');
    await succeed('logo.png');
    // Two requests follow the finish (the duplicates, then the project for the link): a loaded machine needs a while.
    const link = await within(tray()).findByRole('link', { name: 'Open the existing asset “Logo original”' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/brands/2/projects/1/assets/7');
    expect(within(tray()).getByRole('list')).toBeTruthy();
  });

  it('is open with every file while uploads run, and folds into an indicator when all are done', async () => {
    const { queue, add, succeed } = setup();
    current = queue;
    add('a.png', 'b.png');
    expect(within(tray()).getByRole('list')).toBeTruthy();
    expect(summary()).toBe('2 files in progress');
    expect(within(tray()).getByRole('button', { name: 'Hide' }).getAttribute('aria-expanded')).toBe('true');

    await succeed('a.png');
    expect(within(tray()).getByRole('list')).toBeTruthy();
    expect(summary()).toBe('1 file in progress, 1 uploaded');

    await succeed('b.png');
    // Folded: no list covering the page, one labelled button with the count that reopens it.
    expect(within(tray()).queryByRole('list')).toBeNull();
    expect(indicator().textContent).toBe('✓Uploads 2 uploaded');
    expect(indicator().getAttribute('aria-expanded')).toBe('false');
    expect(within(tray()).getByRole('status').textContent).toBe('2 uploaded');
  });

  it('reopens from the indicator with the keyboard', async () => {
    const { queue, user, add, succeed } = setup();
    current = queue;
    add('a.png');
    await succeed('a.png');
    indicator().focus();
    await user.keyboard('{Enter}');
    expect(within(tray()).getByRole('list')).toBeTruthy();
    expect(within(tray()).getByText('a.png')).toBeTruthy();
    await user.click(within(tray()).getByRole('button', { name: 'Hide' }));
    expect(within(tray()).queryByRole('list')).toBeNull();
    expect(indicator()).toBeTruthy();
  });

  it('stays open when an upload failed, with the failure in its summary', async () => {
    const { queue, add, succeed, fail } = setup();
    current = queue;
    add('a.png', 'b.png', 'c.png', 'd.png');
    await succeed('a.png');
    await succeed('b.png');
    await succeed('c.png');
    await fail('d.png');
    expect(within(tray()).getByRole('list')).toBeTruthy();
    expect(summary()).toBe('3 uploaded, 1 failed');
    expect(within(tray()).getByRole('alert').textContent).toBe('The server refused this file.');
    expect(within(tray()).getByRole('button', { name: 'Retry d.png' })).toBeTruthy();
  });

  it('shows a failure on the indicator of a tray hidden by hand', async () => {
    const { queue, user, add, succeed, fail } = setup();
    current = queue;
    add('a.png', 'b.png');
    await user.click(within(tray()).getByRole('button', { name: 'Hide' }));
    await succeed('a.png');
    await fail('b.png');
    expect(within(tray()).queryByRole('list')).toBeNull();
    expect(indicator().textContent).toBe('!Uploads 1 uploaded, 1 failed');
    expect(tray().className).toContain('upload-panel--error');
  });

  it('opens again when a new batch starts', async () => {
    const { queue, add, succeed } = setup();
    current = queue;
    add('a.png');
    await succeed('a.png');
    expect(within(tray()).queryByRole('list')).toBeNull();
    add('b.png');
    expect(within(tray()).getByRole('list')).toBeTruthy();
    expect(summary()).toBe('1 file in progress, 1 uploaded');
  });

  it('says that removing a finished row only takes it off the list, and does so', async () => {
    const { queue, user, add, succeed } = setup();
    current = queue;
    add('a.png', 'b.png');
    await succeed('a.png');
    const remove = within(tray()).getByRole('button', { name: 'Remove a.png from this list (the uploaded file is kept)' });
    expect(remove.textContent).toBe('Remove from list');
    await user.click(remove);
    expect(queue.getSnapshot().map((item) => item.name)).toEqual(['b.png']);
    expect(within(tray()).queryByText('a.png')).toBeNull();
  });

  it('clears the finished rows from the folded indicator, and disappears', async () => {
    const { queue, user, add, succeed } = setup();
    current = queue;
    add('a.png');
    await succeed('a.png');
    await user.click(within(tray()).getByRole('button', { name: 'Clear list' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });
});
