import { EDITOR_FONT_SIZES } from '@emblem/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubEditorLayout } from '../test/layout';
import { renderToolkit } from '../test/render';
import { applyButton, applyColors, applyLink } from './commands';
import { plainTextOf, stripTrailingBreaks } from './extensions';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
import { TOOLBAR_SETS } from './toolbar';

beforeAll(stubEditorLayout);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

async function mount(props: Partial<RichTextEditorProps> = {}, options: { fakeTimers?: boolean } = {}) {
  let editor: Editor | null = null;
  const onSave = vi.fn();
  const result = renderToolkit(
    <>
      <RichTextEditor
        label="Text"
        value="<p>Hello brand world</p>"
        onSave={onSave}
        onEditor={(e) => {
          editor = e;
        }}
        {...props}
      />
      <button type="button">Outside</button>
    </>,
    options,
  );
  await waitFor(() => expect(editor).not.toBeNull());
  return { ...result, onSave, editor: editor as unknown as Editor };
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Formatting for Text' });
const select = (editor: Editor, from: number, to: number) => act(() => void editor.commands.setTextSelection({ from, to }));

describe('toolbar sets, font sizes and styles', () => {
  it('each set shows its tools; empty has no toolbar', async () => {
    const label = (tool: string) =>
      ({
        bold: 'Bold',
        italic: 'Italic',
        underline: 'Underline',
        link: 'Link',
        button: 'Button',
        columnBreak: 'Column break',
        subscript: 'Subscript',
      })[tool];
    for (const set of ['title', 'caption', 'post', 'full'] as const) {
      const { unmount } = await mount({ set });
      for (const tool of ['bold', 'italic', 'underline', 'link', 'button', 'columnBreak', 'subscript'] as const) {
        const present = within(toolbar()).queryByRole('button', { name: label(tool) }) !== null;
        expect(present, `${set} ${tool}`).toBe((TOOLBAR_SETS[set] as readonly string[]).includes(tool));
      }
      unmount();
    }
    await mount({ set: 'empty' });
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('offers the font sizes and styles', async () => {
    await mount({ set: 'full' });
    const sizes = within(screen.getByRole('combobox', { name: 'Font size' }))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(sizes).toEqual([...EDITOR_FONT_SIZES]);
    const styles = within(screen.getByRole('combobox', { name: 'Text style' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(styles).toEqual(['Body', 'Heading 1', 'Heading 2', 'Heading 3', 'Heading 4', 'Quote', 'Custom 1', 'Custom 2', 'Custom 3']);
  });

  it('a style and a font size apply to the text', async () => {
    const { editor, user } = await mount({ set: 'full' });
    select(editor, 1, 6);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Text style' }), 'h2');
    expect(editor.getHTML()).toContain('<h2>');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Text style' }), 'custom1');
    expect(editor.getHTML()).toContain('<p class="custom1">');
    select(editor, 1, 6);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Font size' }), '24px');
    expect(editor.getHTML()).toContain('font-size: 24px');
  });
});

describe('link, button and colour sub-forms', () => {
  it('applies an encoded, normalised link; a blank link removes it', async () => {
    const { editor, user } = await mount();
    select(editor, 7, 12);
    await user.click(within(toolbar()).getByRole('button', { name: 'Link' }));
    const form = screen.getByRole('form', { name: 'Link' });
    await user.type(within(form).getByRole('textbox', { name: 'Link' }), 'example.com/a b');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(editor.getHTML()).toContain('href="https://example.com/a%20b"');
    act(() => applyLink(editor, '   ', false));
    expect(editor.getHTML()).not.toContain('<a');
  });

  it('the link form offers the link chooser tree for internal links', async () => {
    const tree = [{ document_title: 'Guidelines', document_mode: 'DEFAULT', url: '/document/1', categories: [] }];
    const { editor, user } = await mount({ loadTree: async () => tree, hubId: 2 });
    select(editor, 7, 12);
    await user.click(within(toolbar()).getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Choose a page…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a link' });
    await user.click(await within(dialog).findByRole('row', { name: 'Guidelines' }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a link' })).toBeNull());
    const form = screen.getByRole('form', { name: 'Link' });
    expect((within(form).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe('/document/1');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(editor.getHTML()).toContain('href="/document/1"');
  });

  it('a button needs a label; a button without a url is removed', async () => {
    const { editor, user } = await mount({ set: 'full' });
    select(editor, 1, 6);
    await user.click(within(toolbar()).getByRole('button', { name: 'Button' }));
    const form = screen.getByRole('form', { name: 'Button' });
    await user.clear(within(form).getByRole('textbox', { name: 'Label' }));
    await user.type(within(form).getByRole('textbox', { name: 'Link' }), 'shop.example.com');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByText('This field is required.')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: 'Label' }), 'Buy now');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Design' }), 'secondary');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(editor.getHTML()).toContain('<a href="https://shop.example.com" class="rte-button rte-button--secondary">Buy now</a>');
    act(() => applyButton(editor, { label: 'Buy now', url: '', design: 'primary', newWindow: false }));
    expect(editor.getHTML()).not.toContain('rte-button');
    expect(editor.getText()).toContain('Buy now');
  });

  it('a button without a url in stored HTML is dropped on load', async () => {
    const { editor } = await mount({ value: '<p><a class="rte-button rte-button--primary">Ghost</a> text</p>' });
    expect(editor.getHTML()).not.toContain('rte-button');
    expect(editor.getText()).toContain('Ghost text');
  });

  it('a highlight applies only with alpha above 0; the text colour applies', async () => {
    const { editor } = await mount();
    select(editor, 1, 6);
    act(() => applyColors(editor, 'rgb(255, 0, 0)', 'rgba(255, 255, 0, 0)'));
    expect(editor.getHTML()).toContain('color: rgb(255, 0, 0)');
    expect(editor.getHTML()).not.toContain('background-color');
    select(editor, 1, 6);
    act(() => applyColors(editor, 'rgb(255, 0, 0)', 'rgba(255, 255, 0, 0.5)'));
    expect(editor.getHTML()).toContain('background-color: rgba(255, 255, 0, 0.5)');
    select(editor, 1, 6);
    act(() => applyColors(editor, null, 'rgba(255, 255, 0, 0)'));
    expect(editor.getHTML()).not.toContain('background-color');
  });

  it('the link-actions bar opens, copies, edits and deletes the link at the cursor', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { editor, user } = await mount({ value: '<p>See <a href="https://example.com">our site</a> now</p>' });
    // After user-event's setup, which installs its own clipboard.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    select(editor, 7, 7);
    const bar = await screen.findByRole('toolbar', { name: 'Link actions' });
    await user.click(within(bar).getByRole('button', { name: 'Open link' }));
    expect(open).toHaveBeenCalledWith('https://example.com', '_blank', 'noopener');
    await user.click(within(bar).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://example.com');
    await user.click(within(bar).getByRole('button', { name: 'Edit link' }));
    expect((screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe('https://example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    select(editor, 7, 7);
    await user.click(within(await screen.findByRole('toolbar', { name: 'Link actions' })).getByRole('button', { name: 'Remove link' }));
    expect(editor.getHTML()).toBe('<p>See our site now</p>');
  });
});

describe('keys, paste and saving', () => {
  it('Shift+Enter inserts a soft break', async () => {
    const { editor } = await mount({ value: '<p>One</p>' });
    act(() => void editor.commands.setTextSelection(4));
    fireEvent.keyDown(editor.view.dom, { key: 'Enter', shiftKey: true });
    expect(editor.getHTML()).toBe('<p>One<br></p>');
  });

  it('plain paste keeps only the text, with the label of a button', async () => {
    const { editor } = await mount({ value: '<p></p>', plainPaste: true });
    act(() => void editor.commands.focus());
    const html = '<p><strong>Bold</strong> and <a class="rte-button" href="/x">Shop now</a></p><p>Second</p>';
    fireEvent.paste(editor.view.dom, {
      clipboardData: { getData: (type: string) => (type === 'text/html' ? html : 'ignored'), types: ['text/html'] },
    });
    expect(editor.getHTML()).toBe('<p>Bold and Shop now<br>Second</p>');
  });

  it('saves 2000 ms after a change, not before', async () => {
    vi.useFakeTimers();
    const { editor, onSave } = await mount({}, { fakeTimers: true });
    act(() => void editor.commands.insertContentAt(1, 'Oh, '));
    act(() => vi.advanceTimersByTime(1999));
    expect(onSave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSave).toHaveBeenCalledWith('<p>Oh, Hello brand world</p>');
  });

  it('saves at once when focus leaves the editor, and only when something changed', async () => {
    const { editor, onSave, user } = await mount();
    await user.click(editor.view.dom);
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.click(editor.view.dom);
    act(() => void editor.commands.insertContentAt(1, 'Hi '));
    await user.click(screen.getByRole('button', { name: 'Outside' }));
    expect(onSave).toHaveBeenCalledWith('<p>Hi Hello brand world</p>');
  });

  it('an empty disabled editor has its own state', async () => {
    renderToolkit(<RichTextEditor label="Text" value="" disabled placeholder="Nothing yet" />);
    expect(document.querySelector('.rte--empty-disabled')).toBeTruthy();
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('the floating toolbar shows over a selection and hides when it collapses or on typing', async () => {
    const { editor } = await mount({ toolbarStyle: 'float' });
    expect(screen.queryByRole('toolbar', { name: 'Formatting for Text' })).toBeNull();
    select(editor, 1, 6);
    expect(await screen.findByRole('toolbar', { name: 'Formatting for Text' })).toBeTruthy();
    select(editor, 3, 3);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Formatting for Text' })).toBeNull());
    select(editor, 1, 6);
    await screen.findByRole('toolbar', { name: 'Formatting for Text' });
    fireEvent.keyDown(editor.view.dom, { key: 'x' });
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Formatting for Text' })).toBeNull());
  });
});

describe('output and setup (the sanitiser allow-list)', () => {
  it('writes only tags of the sanitiser allow-list', async () => {
    const { editor } = await mount({ set: 'full', value: '<p>abcdefghij</p><p>klmnop</p>' });
    act(() => {
      editor.chain().setTextSelection({ from: 1, to: 3 }).toggleBold().toggleItalic().toggleUnderline().toggleStrike().run();
      editor.chain().setTextSelection({ from: 3, to: 5 }).toggleSubscript().setColor('red').setFontSize('18px').run();
      editor.chain().setTextSelection({ from: 5, to: 7 }).toggleSuperscript().toggleCode().run();
      editor.chain().setTextSelection({ from: 7, to: 9 }).setLink({ href: 'https://a.example' }).run();
      editor.chain().setTextSelection({ from: 9, to: 10 }).setButton({ url: '/b', design: 'primary', newWindow: true }).run();
      editor.chain().setTextSelection(13).toggleBulletList().indent().setTextAlign('center').run();
      editor.chain().insertColumnBreak().toggleBlockquote().run();
    });
    const html = editor.getHTML();
    const tags = new Set([...html.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]));
    const allowed = new Set([
      'p',
      'div',
      'span',
      'strong',
      'em',
      'u',
      's',
      'blockquote',
      'ul',
      'ol',
      'li',
      'br',
      'pre',
      'code',
      'a',
      'img',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
    ]);
    for (const tag of tags) expect(allowed.has(tag as string), `${tag} in ${html}`).toBe(true);
    const attributes = new Set([...html.matchAll(/\s([a-z-]+)="/g)].map((m) => m[1]));
    const allowedAttributes = new Set(['href', 'src', 'alt', 'title', 'class', 'style', 'align', 'target', 'contenteditable', 'rel']);
    for (const attribute of attributes) expect(allowedAttributes.has(attribute as string), `${attribute} in ${html}`).toBe(true);
  });

  it('removes a trailing double newline on setup', () => {
    expect(stripTrailingBreaks('<p>Text</p><p></p><p></p>')).toBe('<p>Text</p>');
    expect(stripTrailingBreaks('<p>Text<br><br></p>')).toBe('<p>Text<br><br></p>');
    expect(stripTrailingBreaks('Text<br><br>')).toBe('Text');
    expect(stripTrailingBreaks('<p>Kept</p>')).toBe('<p>Kept</p>');
  });

  it('plain text of pasted HTML keeps paragraphs and button labels', () => {
    expect(plainTextOf('<p>A <b>b</b></p><p>C<br>D</p><button>Go</button>')).toBe('A b\nC\nD\nGo');
  });
});
