import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionFor } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { AVATAR_SIZES, Avatar, dispatchAvatarUpdate, initialsOf } from './Avatar';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const face = () => document.querySelector<HTMLElement>('.tk-avatar');

describe('avatar', () => {
  it('draws every size, border, background and theme as classes', () => {
    for (const size of AVATAR_SIZES) {
      const { unmount } = renderToolkit(<Avatar name="Ada Admin" size={size} border="white" backgroundColor="green" theme="dark" />);
      expect(face()?.className).toContain(`tk-avatar--${size}`);
      expect(face()?.className).toContain('tk-avatar--border-white');
      expect(face()?.className).toContain('tk-avatar--bg-green');
      expect(face()?.className).toContain('tk-avatar--dark');
      unmount();
    }
  });

  it('shows the status badge, except at size 80', () => {
    const { rerender } = renderToolkit(<Avatar name="Ada" size={40} status="approved" />);
    expect(document.querySelector('.tk-avatar__badge--approved')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Ada (Approved)' })).toBeTruthy();
    rerender(<Avatar name="Ada" size={80} status="approved" />);
    expect(document.querySelector('.tk-avatar__badge')).toBeNull();
    rerender(<Avatar name="Ada" size={40} status="no" />);
    expect(document.querySelector('.tk-avatar__badge')).toBeNull();
  });

  it('falls back to the initials when the image fails, and to the user icon without a name', () => {
    const { rerender } = renderToolkit(<Avatar name="Ada Lovelace" imageUrl="/broken.png" />);
    const img = document.querySelector('img') as HTMLImageElement;
    expect(img).toBeTruthy();
    fireEvent.error(img);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.tk-avatar__initials')?.textContent).toBe('AL');
    rerender(<Avatar name="" />);
    expect(document.querySelector('.tk-avatar__placeholder svg')).toBeTruthy();
    expect(initialsOf('  bea  maria  brand ')).toBe('BB');
  });

  it('never loads an avatar from another site: without an uploaded image it shows initials', () => {
    renderToolkit(<Avatar name="Ada Lovelace" size={32} />);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('.tk-avatar__initials')?.textContent).toBe('AL');
  });

  it('the popup reads GET /api/user/info/{userId} for other users only', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/user/info/5': { data: { name: 'Bob Brand', email: 'bob@example.com', role: 'Editor', organization: 'Acme' } },
    });
    const { user } = renderToolkit(
      <>
        <Avatar name="Bob" userId={5} showPopup />
        <Avatar name="Me" userId={1} showPopup />
        <Avatar name="Nobody" userId={0} showPopup />
        <Avatar name="Text id" userId="abc" showPopup />
      </>,
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/session')).toBe(true));
    // Only Bob (another user with a numeric id ≥ 1) gets a trigger.
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(1));
    await user.hover(screen.getByRole('button', { name: 'Bob' }));
    const popup = await screen.findByRole('tooltip');
    expect(popup.textContent).toContain('bob@example.com');
    expect(popup.textContent).toContain('Acme');
    expect(calls.filter((c) => c.path.startsWith('/api/user/info')).map((c) => c.path)).toEqual(['/api/user/info/5']);
    await user.unhover(screen.getByRole('button', { name: 'Bob' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a reply that is not an object shows no popup', async () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'GET /api/user/info/5': { body: 'nope' } });
    const { user } = renderToolkit(<Avatar name="Bob" userId={5} showPopup />);
    const trigger = await screen.findByRole('button', { name: 'Bob' });
    await user.hover(trigger);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('update events change image and name for the matching user only', () => {
    renderToolkit(
      <>
        <Avatar name="Carl" userId={3} />
        <Avatar name="Dora" userId={4} />
      </>,
    );
    act(() => dispatchAvatarUpdate({ userId: 3, name: 'Carl Renamed', imageUrl: '/carl.png' }));
    expect(screen.getByRole('img', { name: 'Carl Renamed' }).querySelector('img')?.getAttribute('src')).toBe('/carl.png');
    expect(screen.getByRole('img', { name: 'Dora' })).toBeTruthy();
  });
});
