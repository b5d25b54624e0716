import type { AssetCustomMetadataValue, CustomMetadataPropertyResponse } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { asset, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import { metadataProperty } from './testing';

const WAIT = { timeout: 10_000 };

const USAGE = metadataProperty({
  id: 1,
  name: 'Usage',
  type: 'SELECT',
  options: [
    { id: 11, value: 'Print', is_default: false },
    { id: 12, value: 'Web', is_default: false },
  ],
});
const CHANNELS = metadataProperty({
  id: 2,
  name: 'Channels',
  type: 'MULTISELECT',
  options: [
    { id: 21, value: 'Social', is_default: false },
    { id: 22, value: 'Newsletter', is_default: false },
  ],
  // Only for web use.
  dependency: { property_id: 1, type: 'IS_ONE_OF', property_option_ids: [12] },
});
const SHOOT = metadataProperty({ id: 3, name: 'Shoot date', type: 'DATE', is_required: true });
const WIDTH = metadataProperty({ id: 4, name: 'Print width', type: 'NUMBER', unit: 'mm' });
const SOURCE = metadataProperty({ id: 5, name: 'Source', type: 'URL', should_be_opened_in_a_new_tab: true });
const NOTES = metadataProperty({ id: 6, name: 'Notes', type: 'LONGTEXT', help_text: 'Anything people should know' });
const CODE = metadataProperty({ id: 7, name: 'Code', type: 'TEXT' });
const ALL = [USAGE, CHANNELS, SHOOT, WIDTH, SOURCE, NOTES, CODE];

/** A fake server keeping the asset's values: POST /api/asset/custom-metadata changes them, the viewer reads them again. */
function server(
  level: 'VIEW' | 'EDIT',
  initial: AssetCustomMetadataValue[],
  properties: CustomMetadataPropertyResponse[] = ALL,
  extra: Record<string, FakeHandler> = {},
) {
  const permissions = projectPermissions(level);
  let values = [...initial];
  const current = () => asset({ id: 11, title: 'Poster', permissions, custom_metadata: values });
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin: false }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': { data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions }) },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'GET /api/project/5/download-custom-sizes': { data: [] },
    'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
    'GET /api/screen/data/11': () => ({
      data: { asset: current(), revisions: [], attachments: [], page_preview_urls: [], previous_id: null, next_id: null },
    }),
    'GET /api/asset/11': () => ({ data: current() }),
    'GET /api/tag/search': { data: { tags: [], autoTags: [], hasMoreResults: false } },
    'GET /api/brand/1/custom-metadata-properties?project_id=5': { data: { properties } },
    'POST /api/asset/custom-metadata': ({ body }) => {
      const change = body as { action: string; values: { property_id: number; value?: AssetCustomMetadataValue['value'] }[] };
      for (const v of change.values) {
        values = values.filter((x) => x.property_id !== v.property_id);
        if (change.action !== 'remove' && v.value !== undefined) values.push({ property_id: v.property_id, value: v.value });
      }
      return { data: { success: true, asset_count: 1, changed: change.values.length } };
    },
    ...extra,
  });
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/asset/custom-metadata').map((c) => c.body);

async function panel() {
  renderApp('/brands/1/projects/5/assets/11');
  return screen.findByRole('region', { name: 'Metadata' }, WAIT);
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the viewer’s metadata', () => {
  it('gives an editor each type’s input; required without a value comes first; dependent properties show with their option', async () => {
    const { calls } = server('EDIT', [
      { property_id: 1, value: 11 },
      { property_id: 4, value: 420 },
      { property_id: 5, value: 'https://example.com/shoot' },
    ]);
    const section = await panel();
    await within(section).findByText('1 required property has no value', {}, WAIT);
    const items = within(section)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.testid?.startsWith('metadata-'));
    // Shoot date (required, empty) first; Channels hidden while Usage is Print.
    expect(items.map((li) => li.dataset.testid)).toEqual([
      'metadata-3',
      'metadata-1',
      'metadata-4',
      'metadata-5',
      'metadata-6',
      'metadata-7',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Required')).toBeTruthy();
    // A date picker, a select, a number with its unit, a link that opens in a new tab, a long text with its help.
    expect(within(section).getByRole('group', { name: /Shoot date/ })).toBeTruthy();
    expect(within(section).getByRole('button', { name: /Open the calendar/ })).toBeTruthy();
    expect(within(section).getByRole('button', { name: /Usage/ }).textContent).toContain('Print');
    expect(within(section).getByRole('textbox', { name: 'Print width' })).toHaveProperty('value', '420');
    expect(within(section).getByText('mm', { selector: '.metadata-value__unit' })).toBeTruthy();
    const link = within(section).getByRole('link', { name: /example\.com\/shoot/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const notes = within(section).getByRole('textbox', { name: 'Notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(section).queryByRole('group', { name: /Channels/ })).toBeNull();

    // Usage → Web: saved at once, and Channels appears with its checkboxes.
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: /Usage/ }));
    await user.click(await screen.findByRole('option', { name: 'Web' }));
    await waitFor(() => expect(posts(calls)).toEqual([{ asset_ids: [11], action: 'set', values: [{ property_id: 1, value: 12 }] }]));
    expect(await within(section).findByText('Saved', {}, WAIT)).toBeTruthy();
    const channels = await within(section).findByRole('group', { name: /Channels/ }, WAIT);
    await user.click(within(channels).getByRole('checkbox', { name: 'Newsletter' }));
    await waitFor(() => expect(posts(calls).at(-1)).toEqual({ asset_ids: [11], action: 'set', values: [{ property_id: 2, value: [22] }] }));

    // Text saves when the field is left; clearing a value removes it.
    const width = within(section).getByRole('textbox', { name: 'Print width' });
    await user.clear(width);
    await user.tab();
    await waitFor(() => expect(posts(calls).at(-1)).toEqual({ asset_ids: [11], action: 'remove', values: [{ property_id: 4 }] }));
    await user.type(within(section).getByRole('textbox', { name: 'Code' }), 'A-17{Enter}');
    await waitFor(() =>
      expect(posts(calls).at(-1)).toEqual({ asset_ids: [11], action: 'set', values: [{ property_id: 7, value: 'A-17' }] }),
    );
    // Enter then leaving the field sends it once.
    await user.tab();
    expect(posts(calls).filter((b) => JSON.stringify(b).includes('A-17'))).toHaveLength(1);
  }, 60_000);

  it('checks a value before sending it and shows the server’s refusal at the field', async () => {
    const { calls } = server('EDIT', [], [WIDTH, SOURCE], {
      'POST /api/asset/custom-metadata': {
        status: 400,
        body: { success: false, error: 'Validation failed', errors: { 'values.0.value': ['Not allowed here'] } },
      },
    });
    const section = await panel();
    const user = userEvent.setup();
    await user.type(await within(section).findByRole('textbox', { name: 'Print width' }, WAIT), 'wide');
    await user.tab();
    expect(await within(section).findByText('Enter a number')).toBeTruthy();
    expect(within(section).getByText('Not saved')).toBeTruthy();
    await user.type(within(section).getByRole('textbox', { name: 'Source' }), 'ftp://files{Enter}');
    expect(await within(section).findByText('Enter an address starting with http:// or https://')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    const source = within(section).getByRole('textbox', { name: 'Source' });
    await user.clear(source);
    await user.type(source, 'https://example.com{Enter}');
    expect(await within(section).findByText('Not allowed here', {}, WAIT)).toBeTruthy();
    expect(source.getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByRole('status').textContent).toBe('Not saved');
  }, 60_000);

  it('shows people who may not edit the values as text, and hides what is not viewable', async () => {
    server(
      'VIEW',
      [
        { property_id: 1, value: 12 },
        { property_id: 2, value: [21, 22] },
        { property_id: 3, value: '2026-03-04' },
      ],
      [USAGE, CHANNELS, SHOOT, { ...CODE, is_viewable: false, can_edit: false }].map((p) => ({ ...p, can_edit: false, can_admin: false })),
    );
    const section = await panel();
    expect(await within(section).findByText('Social, Newsletter', {}, WAIT)).toBeTruthy();
    expect(within(section).getByText('Web')).toBeTruthy();
    expect(within(section).getByText('Mar 4, 2026')).toBeTruthy();
    expect(within(section).queryByText('Code')).toBeNull();
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
