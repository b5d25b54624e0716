import type { SubmissionPage, SubmissionRequestResponse } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';

const TOKEN = 'A'.repeat(32);

function page(overrides: Partial<SubmissionPage> = {}): SubmissionPage {
  return {
    title: 'Photos of the summer fair',
    instructions: 'Full resolution, please.',
    deadline_at: null,
    closes_at: null,
    is_late: false,
    library_name: 'Photos',
    accepted_extensions: ['jpg', 'png'],
    blocked_extensions: [],
    max_file_bytes: 1_048_576,
    ...overrides,
  };
}

function request(overrides: Partial<SubmissionRequestResponse> = {}): SubmissionRequestResponse {
  return {
    id: 3,
    project_id: 5,
    set_id: null,
    folder_name: null,
    title: 'Partner logos',
    instructions: '',
    deadline_at: null,
    grace_hours: 0,
    submitted_count: 2,
    tokens: [],
    created_at: '2026-11-01T10:00:00.000Z',
    creator: null,
    ...overrides,
  };
}

function editorServer(overrides: Record<string, FakeHandler> = {}) {
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin: false }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Photos', permissions: projectPermissions('EDIT') }) },
    'GET /api/project/5/set': { data: { id: 0, name: 'Photos', child_sets: [] } },
    ...overrides,
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the public upload page', () => {
  it('shows the request, asks for name and e-mail with the shared schema and refuses files of other types at the file', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { status: 401, body: { success: false, error: 'Not signed in', errors: {} } },
      [`GET /api/submission/${TOKEN}`]: { data: page() },
    });
    renderApp(`/submit/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Photos of the summer fair' })).toBeTruthy();
    expect(screen.getByText('Full resolution, please.')).toBeTruthy();
    expect(screen.getByText(/Accepted: jpg, png/)).toBeTruthy();

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [new File(['x'], 'tool.exe', { type: 'application/octet-stream' })], { applyAccept: false });
    const files = screen.getByRole('list', { name: 'Files to send' });
    expect(within(files).getByRole('alert').textContent).toBe('Files of type .exe are not accepted here');

    await userEvent.click(screen.getByRole('button', { name: 'Send files' }));
    expect(await screen.findAllByText('Is required')).toHaveLength(2);
    await userEvent.type(screen.getByRole('textbox', { name: 'Your name' }), 'Ada');
    await userEvent.type(screen.getByRole('textbox', { name: 'Your e-mail address' }), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send files' }));
    expect(await screen.findByText('Must be an e-mail address')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Your e-mail address' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your e-mail address' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send files' }));
    // Nothing to send: only the refused file is there.
    expect(await screen.findByText('Add at least one file to send.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says clearly when the link has expired', async () => {
    fakeServer({
      'GET /api/auth/session': { status: 401, body: { success: false, error: 'Not signed in', errors: {} } },
      [`GET /api/submission/${TOKEN}`]: {
        status: 410,
        body: { success: false, error: 'This upload link has expired: ask whoever sent it for a new one', errors: {} },
      },
    });
    renderApp(`/submit/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This upload link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This upload link has expired');
  });
});

describe('submission requests in the library', () => {
  it('says what to do when there are none and creates one with the shared schema', async () => {
    const { calls } = editorServer({
      'GET /api/project/5/submission-requests': { data: [] },
      'POST /api/project/5/submission-requests': { status: 201, data: request() },
    });
    renderApp('/brands/1/projects/5/submission-requests');
    expect(await screen.findByText('No submission requests yet')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'New submission request' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New submission request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    expect(await within(dialog).findByText('Is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Partner logos');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ title: 'Partner logos', set_id: null, grace_hours: 0 }),
    );
  });

  it('issues an upload link shown once with a copy button, and revokes a link', async () => {
    const token = {
      id: 8,
      token: null,
      url: null,
      expires_at: '2027-01-01T00:00:00.000Z',
      revoked_at: null,
      is_active: true,
      created_at: '2026-11-01T10:00:00.000Z',
    };
    const { calls } = editorServer({
      'GET /api/project/5/submission-requests': { data: [request({ tokens: [token] })] },
      'POST /api/submission-request/3/tokens': {
        status: 201,
        data: { ...token, id: 9, token: TOKEN, url: `http://localhost/submit/${TOKEN}` },
      },
      'DELETE /api/submission-token/8': { data: { ...token, is_active: false, revoked_at: '2026-11-02T10:00:00.000Z' } },
    });
    renderApp('/brands/1/projects/5/submission-requests');
    expect(await screen.findByRole('heading', { level: 2, name: 'Partner logos' })).toBeTruthy();
    expect(screen.getByText('2 files waiting')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Issue upload link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload link issued' });
    expect((within(dialog).getByRole('textbox', { name: 'Upload link' }) as HTMLInputElement).value).toBe(
      `http://localhost/submit/${TOKEN}`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: /^Revoke the upload link valid until/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/submission-token/8')).toBe(true));
  });
});
