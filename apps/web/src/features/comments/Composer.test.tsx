import type { Collaborator } from '@emblem/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { stubEditorLayout } from '../../toolkit/test/layout';
import { renderToolkit } from '../../toolkit/test/render';
import { Composer, mentionCandidates, mentionQueryBefore } from './Composer';

const PEOPLE: Collaborator[] = [
  { user_id: 1, name: 'Ada Admin', email: 'ada@example.com', image: null, level: 'ADMIN' },
  { user_id: 2, name: 'Grace Hopper', email: 'grace@example.com', image: null, level: 'COMMENT' },
  { user_id: 3, name: null, email: 'alan@example.com', image: null, level: 'VIEW' },
];

beforeAll(stubEditorLayout);
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function editorOf(label: string): Editor {
  const dom = screen.getByRole('textbox', { name: label }) as HTMLElement & { editor?: Editor };
  if (!dom.editor) throw new Error('no editor');
  return dom.editor;
}

describe('mention suggestions', () => {
  it('finds the query after an @ before the cursor', () => {
    expect(mentionQueryBefore('Hello @gr')).toBe('gr');
    expect(mentionQueryBefore('@')).toBe('');
    expect(mentionQueryBefore('mail@example')).toBeNull();
    expect(mentionQueryBefore('Hello @grace hopper')).toBeNull();
  });

  it('matches names and e-mails by word, without the author', () => {
    expect(mentionCandidates(PEOPLE, 'ho', 1).map((p) => p.user_id)).toEqual([2]);
    expect(mentionCandidates(PEOPLE, 'alan', 1).map((p) => p.user_id)).toEqual([3]);
    expect(mentionCandidates(PEOPLE, '', 1).map((p) => p.user_id)).toEqual([2, 3]);
  });
});

describe('Composer', () => {
  it('suggests collaborators after @, inserts the chosen one with the keyboard and sends their id', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user } = renderToolkit(<Composer label="Reply" submitLabel="Send" mentionable={PEOPLE} selfId={1} onSubmit={onSubmit} />);
    await waitFor(() => editorOf('Reply'));
    const editor = editorOf('Reply');
    act(() => void editor.chain().focus().insertContent('Look @').run());
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(list.querySelectorAll('[role="option"]')).toHaveLength(2);
    act(() => void editor.commands.insertContent('gr'));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['GHGrace Hopper']));
    const box = screen.getByRole('textbox', { name: 'Reply' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(editor.getText()).toBe('Look @Grace Hopper ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ content: '<p>Look @Grace Hopper </p>', mentionedUserIds: [2] }));
    // Sent: the composer is empty again.
    await waitFor(() => expect(editor.getText()).toBe(''));
  });

  it('a mention removed from the text is not sent; Escape closes the suggestions', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user } = renderToolkit(<Composer label="Reply" submitLabel="Send" mentionable={PEOPLE} selfId={1} onSubmit={onSubmit} />);
    await waitFor(() => editorOf('Reply'));
    const editor = editorOf('Reply');
    act(() => void editor.chain().focus().insertContent('@').run());
    await screen.findByRole('listbox');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Reply' }), { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Reply' }), { key: 'Enter' });
    await waitFor(() => expect(editor.getText()).toBe('@alan@example.com '));
    act(() => void editor.commands.setContent('<p>never mind @</p>'));
    act(() => void editor.commands.focus('end'));
    act(() => void editor.commands.insertContent('a'));
    await screen.findByRole('listbox');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Reply' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ content: '<p>never mind @a</p>', mentionedUserIds: [] }));
  });

  it('shows the server refusing a mention on the composer and keeps the text', async () => {
    const body = JSON.stringify({ success: false, error: 'Invalid input', errors: { mentioned_user_ids: ['Cannot see the asset: 3'] } });
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, body);
    });
    const { user } = renderToolkit(<Composer label="Reply" submitLabel="Send" mentionable={PEOPLE} onSubmit={onSubmit} />);
    await waitFor(() => editorOf('Reply'));
    act(() => void editorOf('Reply').chain().focus().insertContent('Hi').run());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot see the asset: 3');
    expect(screen.getByRole('textbox', { name: 'Reply' }).getAttribute('aria-invalid')).toBe('true');
    expect(editorOf('Reply').getText()).toBe('Hi');
  });

  it('cannot send an empty comment', async () => {
    renderToolkit(<Composer label="New comment" submitLabel="Comment" onSubmit={async () => {}} />);
    await waitFor(() => editorOf('New comment'));
    expect(screen.getByRole('button', { name: 'Comment' }).hasAttribute('disabled')).toBe(true);
  });
});
