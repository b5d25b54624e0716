import type { ProjectType, WorkflowStatusResponse } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

const WAIT = { timeout: 5000 };
const STATUSES: WorkflowStatusResponse[] = [
  { id: 1, name: 'Briefing', color: '#9ca3af', trigger: false },
  { id: 3, name: 'In review', color: '#f59e0b', trigger: false },
  { id: 4, name: 'Approved', color: '#22c55e', trigger: true },
];

/** A workspace asset in "In review"; a PUT moves it, and the next screen data answers the new status. */
function server(level: 'VIEW' | 'EDIT', projectType: ProjectType = 'WORKSPACE') {
  const permissions = projectPermissions(level);
  let current: WorkflowStatusResponse | null = projectType === 'WORKSPACE' ? (STATUSES[1] ?? null) : null;
  const current11 = () => asset({ id: 11, title: 'Poster', permissions, workflow_status: current });
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Spring', project_type: projectType, permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Spring') },
    'GET /api/project/5/download-custom-sizes': { data: [] },
    'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
    'GET /api/screen/data/11': () => ({
      data: { asset: current11(), revisions: [], attachments: [], page_preview_urls: [], previous_id: null, next_id: null },
    }),
    'GET /api/asset/11': () => ({ data: current11() }),
    'GET /api/project/status/5': { data: STATUSES },
    'PUT /api/workflows/status-item/status/4': () => {
      current = STATUSES[2] ?? null;
      return { data: { status_id: 4, moved: 1, asset_ids: [11] } };
    },
  });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the viewer status picker', () => {
  it('lets an editor move the asset with a labelled select showing each status with its colour', async () => {
    const { calls } = server('EDIT');
    renderApp('/brands/1/projects/5/assets/11');
    const section = await screen.findByRole('region', { name: 'Workflow' }, WAIT);
    const picker = await within(section).findByRole('button', { name: /In review/ }, WAIT);
    expect(within(section).getByText('Status')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Open on the board' }).getAttribute('href')).toBe('/brands/1/workflows/5/11');
    await waitFor(() => expect(picker.hasAttribute('disabled')).toBe(false), WAIT);

    const user = userEvent.setup();
    await user.click(picker);
    const options = await screen.findAllByRole('option', {}, WAIT);
    expect(options.map((o) => o.textContent)).toEqual(['Briefing', 'In review', 'Approved']);
    expect(options[2]?.querySelector('.board-dot')?.getAttribute('style')).toContain('background: rgb(34, 197, 94)');
    await user.click(screen.getByRole('option', { name: 'Approved' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), WAIT);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/workflows/status-item/status/4');
    expect(put?.body).toEqual({ asset_ids: [11] });
    await within(section).findByRole('button', { name: /Approved/ }, WAIT);
  });

  it('shows a read-only status to a VIEW member, without loading the statuses', async () => {
    const { calls } = server('VIEW');
    renderApp('/brands/1/projects/5/assets/11');
    const section = await screen.findByRole('region', { name: 'Workflow' }, WAIT);
    expect(within(section).getByText('In review')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(calls.some((c) => c.path === '/api/project/status/5')).toBe(false);
  });

  it('is left out for a library asset', async () => {
    server('EDIT', 'MEDIALIBRARY');
    renderApp('/brands/1/projects/5/assets/11');
    await screen.findByRole('heading', { name: 'Poster' }, WAIT);
    expect(screen.queryByRole('region', { name: 'Workflow' })).toBeNull();
  });
});
