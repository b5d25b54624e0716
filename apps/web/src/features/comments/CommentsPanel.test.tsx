import type { CommentResponse } from '@emblem/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';
import { stubEditorLayout } from '../../toolkit/test/layout';
import type { Asset } from '../library/api';
import type { ScreenData } from '../viewer/api';

const REVISION = (id: number, number: number, current: boolean) => ({
  id,
  number,
  created_at: '2025-03-01T10:00:00Z',
  creator: { id: 1, name: 'Ada' },
  extension: 'png',
  size: 1000,
  width: 400,
  height: 200,
  status: 'FINISHED' as const,
  preview_url: `/media/r${number}`,
  filename: 'a.png',
  download_url: `/api/asset/11/download?revision=${number}`,
  current,
});

function comment(id: number, overrides: Partial<CommentResponse> = {}): CommentResponse {
  return {
    id,
    asset_id: 11,
    parent_id: null,
    revision_id: 2,
    content: `<p>Comment ${id}</p>`,
    created_at: '2025-03-03T10:00:00Z',
    edited_at: null,
    is_resolved: false,
    resolved_at: null,
    resolved_by: null,
    creator: { id: 1, name: 'Ada Admin' },
    marking: null,
    mentioned_users: [],
    replies: [],
    ...overrides,
  };
}

function server(
  comments: CommentResponse[],
  level: 'VIEW' | 'COMMENT' | 'ADMIN' = 'COMMENT',
  extra: Record<string, FakeHandler> = {},
  media: { asset?: Partial<Asset>; pages?: string[] } = {},
) {
  const permissions = projectPermissions(level);
  const a = asset({
    id: 11,
    set_id: 21,
    title: 'Poster',
    type: 'Image',
    extension: 'png',
    width: 400,
    height: 200,
    preview_url: '/media/11/1600',
    revision: { id: 2, number: 2, status: 'FINISHED' },
    permissions,
    ...media.asset,
  });
  const data: ScreenData = {
    asset: a,
    revisions: [REVISION(1, 1, false), REVISION(2, 2, true)],
    attachments: [],
    page_preview_urls: media.pages ?? [],
    previous_id: null,
    next_id: null,
  };
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Brand assets')]) },
    'GET /api/project/5/download-custom-sizes': { data: [] },
    'GET /api/project/5/users': { data: [] },
    'GET /api/screen/data/11': { data },
    'GET /api/asset/11': { data: a },
    'GET /api/asset/11/comments': { data: comments },
    ...extra,
  });
}

let restoreLayout: () => void;
beforeAll(stubEditorLayout);
// The viewer is a lazy route: its module (with the composer's editor) loads once here, so that the first test's waits
// are about the page, not about transforming the module on a busy machine.
beforeAll(() => import('../viewer/AssetViewerPage'), 60_000);
beforeEach(() => {
  acceptCookies();
  restoreLayout = stubLayout();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => restoreLayout());

const panel = () => screen.getByRole('region', { name: 'Comments' });

describe('comments in the asset viewer', () => {
  it('says how to start when there are none; a VIEW user sees comments but no composer or tool', async () => {
    server([]);
    const { unmount } = renderApp('/brands/1/projects/5/assets/11');
    expect(await screen.findByText('No comments yet. Select the comment tool and click the image to pin one.')).toBeTruthy();
    expect(within(panel()).getByRole('textbox', { name: 'New comment' })).toBeTruthy();
    expect(within(panel()).getByRole('button', { name: /Comment tool/ })).toBeTruthy();
    unmount();

    server([comment(1)], 'VIEW');
    renderApp('/brands/1/projects/5/assets/11');
    expect(await screen.findByText('Comment 1')).toBeTruthy();
    expect(within(panel()).queryByRole('textbox', { name: 'New comment' })).toBeNull();
    expect(within(panel()).queryByRole('button', { name: /Comment tool/ })).toBeNull();
    expect(within(panel()).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(panel()).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows an error with a retry when the comments cannot be loaded', async () => {
    server([], 'COMMENT', { 'GET /api/asset/11/comments': { status: 403, body: { success: false, error: 'Boom' } } });
    renderApp('/brands/1/projects/5/assets/11');
    expect(await screen.findByText('The comments could not be loaded')).toBeTruthy();
    expect(within(panel()).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('filters open and resolved comments; numbers the markers and selects a marker from its comment and back', async () => {
    server([
      comment(1, { marking: { kind: 'PIN', x: 0.25, y: 0.5 } }),
      comment(2, { is_resolved: true, marking: { kind: 'RECTANGLE', x: 0.1, y: 0.1, width: 0.2, height: 0.3 } }),
    ]);
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    const pin = await screen.findByRole('button', { name: 'Comment 1' });
    expect(pin.getAttribute('style')).toContain('left: 25%; top: 50%');
    const area = screen.getByRole('button', { name: 'Comment 2' });
    expect(area.getAttribute('style')).toContain('width: 20%; height: 30%');

    await user.click(within(panel()).getByRole('button', { name: /Show the marking of comment 1/ }));
    expect(pin.getAttribute('aria-pressed')).toBe('true');
    await user.click(area);
    expect(area.getAttribute('aria-pressed')).toBe('true');
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    expect(
      within(panel())
        .getByRole('button', { name: /Show the marking of comment 2/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await user.click(within(panel()).getByRole('radio', { name: 'Open' }));
    expect(within(panel()).queryByText('Comment 2')).toBeNull();
    expect(within(panel()).getByText('Comment 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comment 2' })).toBeNull();
    await user.click(within(panel()).getByRole('radio', { name: 'Resolved' }));
    expect(within(panel()).queryByText('Comment 1')).toBeNull();
    expect(within(panel()).getByText('Comment 2')).toBeTruthy();
  });

  it('mentions a collaborator with @ in a new comment and sends their id', async () => {
    const grace = { user_id: 2, name: 'Grace Hopper', email: 'grace@example.com', image: null, level: 'COMMENT' };
    const { calls } = server([], 'COMMENT', {
      'GET /api/project/5/users': { data: [grace] },
      'POST /api/asset/11/comments': { status: 201, data: comment(3) },
    });
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    const box = (await within(await screen.findByRole('region', { name: 'Comments' })).findByRole('textbox', {
      name: 'New comment',
    })) as HTMLElement & { editor: import('@tiptap/core').Editor };
    box.editor.chain().focus().insertContent('Ask @gr').run();
    const option = await screen.findByRole('option', { name: /Grace Hopper/ });
    await user.click(option);
    await waitFor(() => expect(box.editor.getText()).toBe('Ask @Grace Hopper '));
    await user.click(within(panel()).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/asset/11/comments')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      content: '<p>Ask @Grace Hopper </p>',
      marking: null,
      mentioned_user_ids: [2],
    });
  });

  it('pins a comment with the keyboard and posts it with its marking; resolves a comment', async () => {
    const { calls } = server([comment(1)], 'COMMENT', {
      'POST /api/asset/11/comments': { status: 201, data: comment(3) },
      'PUT /api/comment/1/resolved': { data: comment(1, { is_resolved: true }) },
    });
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await screen.findByText('Comment 1');
    await user.click(within(panel()).getByRole('button', { name: /Comment tool/ }));
    const area = await screen.findByRole('application', { name: /Comment tool/ });
    area.focus();
    fireEvent.keyDown(area, { key: 'Enter' });
    fireEvent.keyDown(area, { key: 'ArrowRight' });
    fireEvent.keyDown(area, { key: 'ArrowUp' });
    expect(within(panel()).getByText('Pin')).toBeTruthy();
    const box = within(panel()).getByRole('textbox', { name: 'New comment' }) as HTMLElement & {
      editor: import('@tiptap/core').Editor;
    };
    box.editor.chain().focus().insertContent('Too dark here').run();
    await user.click(within(panel()).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/asset/11/comments')).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/asset/11/comments');
    expect(post?.body).toEqual({ content: '<p>Too dark here</p>', marking: { kind: 'PIN', x: 0.52, y: 0.48 }, mentioned_user_ids: [] });

    await user.click(within(panel()).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/comment/1/resolved')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_resolved: true });
  });

  it('lists comments of earlier revisions apart and shows that revision with its markers on request', async () => {
    server([comment(1, { revision_id: 1, marking: { kind: 'PIN', x: 0.5, y: 0.5 } })]);
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    const earlier = await screen.findByRole('region', { name: 'Earlier revisions' });
    expect(within(earlier).getByText('Made on revision 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Comment 1' })).toBeNull();
    await user.click(within(earlier).getByRole('button', { name: 'Show revision 1' }));
    expect(await screen.findByRole('button', { name: 'Comment 1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Poster' }).getAttribute('src')).toBe('/media/r1');
    expect(screen.getByText('Showing revision 1, an earlier one, with its comments.')).toBeTruthy();
  });

  it('on a PDF the tool marks the page shown, and a PAGE comment turns to its page', async () => {
    const pages = ['/media/p1', '/media/p2', '/media/p3'];
    const pdf = { type: 'Document' as const, extension: 'pdf', page_count: 3 };
    const { calls } = server(
      [comment(1, { marking: { kind: 'PAGE', page: 3 } })],
      'COMMENT',
      {
        'POST /api/asset/11/comments': { status: 201, data: comment(2) },
      },
      { asset: pdf, pages },
    );
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    await screen.findByText('Comment 1');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(panel()).getByRole('button', { name: /Show the marking of comment 1/ }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Comments on page 3' })).getByRole('button', { name: 'Comment 1' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(within(panel()).getByRole('button', { name: /Comment tool/ }));
    await user.click(within(panel()).getByRole('button', { name: 'Mark page 2' }));
    const box = within(panel()).getByRole('textbox', { name: 'New comment' }) as HTMLElement & { editor: import('@tiptap/core').Editor };
    box.editor.chain().focus().insertContent('Typo').run();
    await user.click(within(panel()).getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      content: '<p>Typo</p>',
      marking: { kind: 'PAGE', page: 2 },
      mentioned_user_ids: [],
    });
  });

  it('on a video a TIMEFRAME shows the frame beside the time and a click seeks to its start', async () => {
    const video = { type: 'Video' as const, extension: 'mp4', download_url: '/media/v.mp4' };
    server([comment(1, { marking: { kind: 'TIMEFRAME', start_ms: 1500, end_ms: 3000 } })], 'COMMENT', {}, { asset: video });
    renderApp('/brands/1/projects/5/assets/11');
    const user = userEvent.setup();
    const marking = await within(await screen.findByRole('region', { name: 'Comments' })).findByRole('button', {
      name: /Show the marking of comment 1/,
    });
    expect(marking.textContent).toContain('0:01.500 (frame 37) – 0:03.000 (frame 75)');
    const player = document.querySelector('video') as HTMLVideoElement;
    await user.click(marking);
    expect(player.currentTime).toBe(1.5);
  });
});
