import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor, stubLayout } from '../../test/utils';
import type { Revision, ScreenData } from '../viewer/api';
import { compareSelection } from './CompareRevisionsPage';

const revision = (id: number, number: number, current: boolean): Revision => ({
  id,
  number,
  created_at: '2025-03-01T10:00:00Z',
  creator: { id: 1, name: 'Ada' },
  extension: 'png',
  size: 1000,
  width: 400,
  height: 200,
  status: 'FINISHED',
  preview_url: `/media/r${number}`,
  filename: 'a.png',
  download_url: `/api/asset/11/download?revision=${number}`,
  current,
});
const REVISIONS = [revision(1, 1, false), revision(2, 2, false), revision(3, 3, true)];

function server() {
  const permissions = projectPermissions('COMMENT');
  const a = asset({ id: 11, set_id: 21, title: 'Poster', revision: { id: 3, number: 3, status: 'FINISHED' }, permissions });
  const data: ScreenData = { asset: a, revisions: REVISIONS, attachments: [], page_preview_urls: [], previous_id: null, next_id: null };
  const comment = (id: number, revisionId: number, x: number) => ({
    id,
    asset_id: 11,
    parent_id: null,
    revision_id: revisionId,
    content: `<p>Note ${id}</p>`,
    created_at: '2025-03-03T10:00:00Z',
    edited_at: null,
    is_resolved: false,
    resolved_at: null,
    resolved_by: null,
    creator: { id: 1, name: 'Ada Admin' },
    marking: { kind: 'PIN', x, y: 0.5 },
    mentioned_users: [],
    replies: [],
  });
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5', [folder(21, 'Brand assets')]) },
    'GET /api/screen/data/11': { data },
    'GET /api/asset/11/comments': { data: [comment(1, 2, 0.1), comment(2, 3, 0.9)] },
  });
}

let restore: () => void;
beforeEach(() => {
  acceptCookies();
  restore = stubLayout();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => restore());

describe('comparerevision', () => {
  it('compares the previous revision with the current one unless the address names two', () => {
    expect(compareSelection(REVISIONS, new URLSearchParams())).toEqual({ left: REVISIONS[1], right: REVISIONS[2] });
    expect(compareSelection(REVISIONS, new URLSearchParams('left=1&right=2'))).toEqual({ left: REVISIONS[0], right: REVISIONS[1] });
    // Unknown ids fall back to the defaults; one revision is compared with itself.
    expect(compareSelection(REVISIONS, new URLSearchParams('left=99'))).toEqual({ left: REVISIONS[1], right: REVISIONS[2] });
    expect(compareSelection([REVISIONS[0]!], new URLSearchParams())).toEqual({ left: REVISIONS[0], right: REVISIONS[0] });
  });

  it('shows two revisions side by side, each with its own comments and markers', async () => {
    server();
    renderApp('/brands/1/projects/5/assets/11/comparerevision');
    const left = await screen.findByRole('region', { name: 'Revision 2' });
    const right = screen.getByRole('region', { name: 'Revision 3' });
    expect(within(left).getByRole('img', { name: 'Revision 2 of Poster' }).getAttribute('src')).toBe('/media/r2');
    expect(await within(left).findByText('Note 1')).toBeTruthy();
    expect(within(left).queryByText('Note 2')).toBeNull();
    expect(within(left).getByRole('button', { name: 'Comment 1' }).getAttribute('style')).toContain('left: 10%');
    expect(within(right).getByText('Note 2')).toBeTruthy();
    expect(within(right).getByRole('button', { name: 'Comment 2' })).toBeTruthy();
    expect(within(right).queryByRole('button', { name: 'Comment 1' })).toBeNull();
  });

  it('overlays them with a divider that the arrow keys move', async () => {
    server();
    renderApp('/brands/1/projects/5/assets/11/comparerevision?left=1&right=3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Overlay' }));
    const slider = screen.getByRole('slider', { name: /Divider between revision 1/ }) as HTMLInputElement;
    expect(slider.value).toBe('50');
    const top = screen.getAllByRole('img', { name: 'Revision 3 of Poster' })[0]!.parentElement!;
    expect(top.style.clipPath).toBe('inset(0 0 0 50%)');
    fireEvent.change(slider, { target: { value: '60' } });
    expect(top.style.clipPath).toBe('inset(0 0 0 60%)');
    expect(slider.getAttribute('aria-valuetext')).toBe('60 % from the left');
  });
});
