import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { AttachmentsSetting, attachmentDownloadUrl } from './AttachmentsSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const ITEMS = [{ id: 1, filename: 'guide.pdf', title: 'Guide', extension: 'pdf', link: '/files/1' }];

describe('attachments', () => {
  it('with the edit permission: rename through POST /api/attachment/update/{id} and delete through DELETE /api/asset-attachment/{id}', async () => {
    const { calls } = fakeServer({ 'POST /api/attachment/update/1': { data: null }, 'DELETE /api/asset-attachment/1': { data: null } });
    const { user } = renderToolkit(<AttachmentsSetting label="Files" canEdit value={ITEMS} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Guide' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const title = screen.getByRole('textbox', { name: 'Title of guide.pdf' });
    await user.clear(title);
    await user.type(title, 'Brand guide{Enter}');
    await screen.findByText('Brand guide');
    await user.click(screen.getByRole('button', { name: 'Actions for Brand guide' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No attachments yet.')).toBeTruthy());
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/attachment/update/1', { title: 'Brand guide' }],
      ['DELETE', '/api/asset-attachment/1', undefined],
    ]);
  });

  it('without it the menu only downloads (with via-guideline=false)', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderToolkit(<AttachmentsSetting label="Files" canEdit={false} value={ITEMS} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Guide' }));
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Download' }));
    expect(open).toHaveBeenCalledWith('/files/1?via-guideline=false', '_blank', 'noopener');
    expect(attachmentDownloadUrl('/f?x=1')).toBe('/f?x=1&via-guideline=false');
  });

  it('refuses unsupported extensions with the upload-invalid-extension dialog and uploads the rest', async () => {
    const onUpload = vi.fn(async (file: File) => ({ id: 9, filename: file.name, title: file.name, extension: 'png' }));
    renderToolkit(
      <AttachmentsSetting label="Files" canEdit value={[]} projectType="ICONLIBRARY" blockedExtensions={['svg']} onUpload={onUpload} />,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['a'], 'icon.png'), new File(['b'], 'icon.svg'), new File(['c'], 'notes.txt')] },
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'File type not allowed' });
    expect(dialog.textContent).toContain('icon.svg');
    expect(dialog.textContent).toContain('notes.txt');
    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    expect(onUpload.mock.calls[0]?.[0].name).toBe('icon.png');
  });

  it('stops at the storage quota with the storage-limit dialog', async () => {
    const onUpload = vi.fn();
    renderToolkit(<AttachmentsSetting label="Files" canEdit value={[]} onUpload={onUpload} checkQuota={async () => false} />);
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['a'], 'a.pdf')] } });
    expect(await screen.findByRole('alertdialog', { name: 'Storage limit reached' })).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();
  });
});
