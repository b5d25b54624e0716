import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToolkit } from '../test/render';
import { documentModeIcon, LINK_CHOOSER_MODAL_ID, LinkChooserModal, type LinkTreeDocument, linkTreeNodes } from './LinkChooser';
import { openModal, resetModals } from './Modal';

beforeEach(() => resetModals());

const TREE: LinkTreeDocument[] = [
  {
    document_title: 'Guidelines',
    document_mode: 'DEFAULT',
    url: '/document/1',
    categories: [
      {
        category_title: 'Basics',
        pages: [
          {
            page_title: 'Logo',
            translated_page_title: 'Logo (EN)',
            url: '/document/1#/logo',
            headings: [{ id: 3, title: 'Clear space', url: '/document/1#/logo/clear' }],
          },
        ],
      },
    ],
  },
];

describe('link chooser', () => {
  it('builds documents → categories → pages → headings; categories cannot be chosen', () => {
    const [doc] = linkTreeNodes(TREE);
    expect(doc?.title).toBe('Guidelines');
    expect(doc?.children[0]?.url).toBeNull();
    expect(doc?.children[0]?.children[0]).toMatchObject({ title: 'Logo (EN)', url: '/document/1#/logo' });
    expect(doc?.children[0]?.children[0]?.children[0]).toMatchObject({ title: 'Clear space', icon: 'heading' });
  });

  it('gives each document mode its icon and any other mode the project icon', () => {
    expect(
      ['MEDIALIBRARY', 'LOGOLIBRARY', 'ICONLIBRARY', 'DOCUMENTLIBRARY', 'TEXTLIBRARY', 'TEMPLATELIBRARY', 'DEFAULT', 'WORKSPACE'].map(
        documentModeIcon,
      ),
    ).toEqual(['media', 'logo', 'icon', 'document', 'text', 'template', 'guideline', 'project']);
  });

  it('is titled by the linkchooser key; choosing a tree node gives its url; cancel chooses nothing', async () => {
    const onChoose = vi.fn();
    const loadTree = vi.fn(async () => TREE);
    const { user } = renderToolkit(<LinkChooserModal loadTree={loadTree} hubId={4} onChoose={onChoose} />);
    act(() => openModal(LINK_CHOOSER_MODAL_ID));
    expect(await screen.findByRole('dialog', { name: 'Choose a link' })).toBeTruthy();
    await user.click(await screen.findByRole('row', { name: 'Guidelines' }));
    expect(loadTree).toHaveBeenCalledWith(4, 'en', expect.anything());
    expect((screen.getByRole('textbox', { name: 'Address' }) as HTMLInputElement).value).toBe('/document/1');
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    expect(onChoose).toHaveBeenCalledWith({ url: '/document/1', hub: 4, newWindow: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => openModal(LINK_CHOOSER_MODAL_ID));
    await screen.findByRole('dialog', { name: 'Choose a link' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it('requires a url: without one nothing is chosen; a typed one is normalised', async () => {
    const onChoose = vi.fn();
    const { user } = renderToolkit(<LinkChooserModal onChoose={onChoose} />);
    act(() => openModal(LINK_CHOOSER_MODAL_ID));
    await screen.findByRole('dialog', { name: 'Choose a link' });
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    expect(onChoose).not.toHaveBeenCalled();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'example.com{Enter}');
    expect(onChoose).toHaveBeenCalledWith({ url: 'https://example.com', hub: null, newWindow: false });
  });
});
