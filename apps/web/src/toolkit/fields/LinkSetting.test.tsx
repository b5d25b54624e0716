import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { resetModals } from '../widgets/Modal';
import { LinkSetting, TreeSetting } from './LinkSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  resetModals();
});

const TREE = [
  {
    document_title: 'Guidelines',
    document_mode: 'DEFAULT',
    url: '/document/1',
    categories: [{ category_title: 'Basics', pages: [{ page_title: 'Logo', url: '/document/1#/logo' }] }],
  },
];

describe('link', () => {
  it('normalises the url as the link chooser does before saving', async () => {
    const { calls } = fakeServer({ 'POST /api/l': { data: null } });
    const { user } = renderToolkit(
      <LinkSetting name="link" label="Website" value={{ url: '' }} api="/api/l" internal={false} autosaveDelay={null} />,
    );
    await user.click(screen.getByRole('button', { name: /^Website/ }));
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'example.com/brand');
    await user.click(screen.getByRole('checkbox', { name: 'Open in a new window' }));
    await user.click(screen.getByRole('textbox', { name: 'Website' }));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.map((c) => c.body)).toEqual([{ link: { url: 'https://example.com/brand', newWindow: true }, i18n: 'en' }]),
    );
    expect(screen.getByRole('button', { name: /^Website/ }).textContent).toContain('https://example.com/brand');
  });

  it('keeps paths, mailto: and tel: as they are', async () => {
    const { calls } = fakeServer({ 'POST /api/l': { data: null } });
    const { user } = renderToolkit(
      <LinkSetting name="link" label="Website" value={{ url: '' }} api="/api/l" internal={false} autosaveDelay={null} />,
    );
    await user.click(screen.getByRole('button', { name: /^Website/ }));
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'mailto:brand@example.com{Enter}');
    await waitFor(() => expect(calls.map((c) => (c.body as { link: { url: string } }).link.url)).toEqual(['mailto:brand@example.com']));
  });

  it('autosaves the link text after 800 ms', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/l': { data: null } });
    const { user } = renderToolkit(<LinkSetting name="link" label="Website" value={{ url: '' }} api="/api/l" internal={false} />, {
      fakeTimers: true,
    });
    await user.click(screen.getByRole('button', { name: /^Website/ }));
    await user.type(screen.getByRole('textbox', { name: 'Website' }), '/hub/1');
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
  });

  it('chooses an internal page in the link chooser tree', async () => {
    const { calls } = fakeServer({ 'POST /api/l': { data: null } });
    const { user } = renderToolkit(
      <LinkSetting name="link" label="Website" value={{ url: '' }} api="/api/l" loadTree={async () => TREE} autosaveDelay={null} />,
    );
    await user.click(screen.getByRole('button', { name: /^Website/ }));
    await user.click(screen.getByRole('button', { name: 'Choose a page…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a link' });
    await user.click(await screen.findByRole('row', { name: 'Guidelines' }));
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect((screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement).value).toBe('/document/1');
    await user.click(screen.getByRole('textbox', { name: 'Website' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});

describe('tree', () => {
  const nodes = [{ id: 'a', title: 'Basics', children: [{ id: 'b', title: 'Logo' }] }];

  it('saves the chosen node at once; the title is a label by default', async () => {
    const { calls } = fakeServer({ 'POST /api/t': { data: null } });
    const { user } = renderToolkit(<TreeSetting name="node" label="Section" value={null} nodes={nodes} api="/api/t" />);
    expect(screen.getByRole('treegrid', { name: 'Section' })).toBeTruthy();
    expect(document.querySelector('.setting--title-label')).toBeTruthy();
    await user.click(screen.getByRole('row', { name: 'Logo' }));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ node: 'b', i18n: 'en' }]));
  });

  it('shows the title as a banner when asked', () => {
    renderToolkit(<TreeSetting name="node" label="Section" value="b" titleType="banner" bannerText="Where it appears" nodes={nodes} />);
    expect(document.querySelector('.tree-setting__banner')?.textContent).toContain('Section');
    expect(screen.getByRole('treegrid', { name: /Section/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Logo' }).getAttribute('aria-selected')).toBe('true');
  });
});
