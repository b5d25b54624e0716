import { act, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { stubEditorLayout } from '../test/layout';
import { renderToolkit } from '../test/render';
import { RichTextSetting } from './RichTextSetting';

beforeAll(stubEditorLayout);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('rich text setting', () => {
  it('saves the HTML through the setting when focus leaves; the server error shows at the field', async () => {
    const { calls } = fakeServer({ 'POST /api/intro': { status: 422, body: { success: false, errors: { intro: ['Too long'] } } } });
    const { user } = renderToolkit(
      <>
        <RichTextSetting name="intro" label="Introduction" value="<p>Hi</p>" api="/api/intro" />
        <button type="button">Outside</button>
      </>,
    );
    // Reach the editor through its DOM (the setting does not expose it).
    const dom = await screen.findByRole('textbox', { name: 'Introduction' });
    const editor = (dom as HTMLElement & { editor?: Editor }).editor ?? null;
    await user.click(dom);
    if (editor) act(() => void editor?.commands.insertContentAt(1, 'Oh '));
    else await user.type(dom, 'Oh ');
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as { intro: string }).intro).toContain('Oh');
    expect(await screen.findByText('Too long')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Introduction' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('a readonly rich text is a disabled editor', () => {
    renderToolkit(<RichTextSetting name="x" label="Text" value="" readonly placeholder="Nothing yet" />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(document.querySelector('.rte--empty-disabled')).toBeTruthy();
  });
});
