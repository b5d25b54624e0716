import type { CustomMetadataPropertyResponse } from '@emblem/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, projectSummary } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import { metadataProperty } from './testing';

const WAIT = { timeout: 10_000 };
const PATH = '/brands/1/custom-metadata-property-management';

const USAGE = metadataProperty({
  id: 1,
  name: 'Usage',
  type: 'SELECT',
  is_required: true,
  asset_count: 12,
  // Channel depends on Usage: Usage depending on Channel would make a loop.
  forbidden_dependee_property_ids: [1, 3],
  options: [
    { id: 11, value: 'Print', is_default: false },
    { id: 12, value: 'Web', is_default: true },
  ],
});
const SHOOT = metadataProperty({ id: 2, name: 'Shoot date', type: 'DATE', is_searchable: false, asset_count: 0 });
const CHANNEL = metadataProperty({
  id: 3,
  name: 'Channel',
  type: 'MULTISELECT',
  options: [{ id: 31, value: 'Social', is_default: false }],
  dependency: { property_id: 1, type: 'IS_ONE_OF', property_option_ids: [12] },
  // Channel depends on Usage, so Usage cannot depend on Channel (and Channel not on itself).
  forbidden_dependee_property_ids: [3],
});

function server(properties: CustomMetadataPropertyResponse[], options: { admin?: boolean; extra?: Record<string, FakeHandler> } = {}) {
  const admin = options.admin ?? true;
  let list = [...properties];
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme', permissions: { canEdit: admin, canDelete: admin } }) },
    'GET /api/brand/1/custom-metadata-properties': () => ({ data: { properties: list } }),
    'GET /api/brand/1/projects': {
      data: [projectSummary({ id: 5, brand_id: 1, name: 'Photos' }), projectSummary({ id: 6, brand_id: 1, name: 'Logos' })],
    },
    'GET /api/account/users': { data: [] },
    'GET /api/groups/list': { data: [] },
    'POST /api/custom-metadata-property/2/move': ({ body }) => {
      const { position } = body as { position: number };
      const moved = list.find((p) => p.id === 2) as CustomMetadataPropertyResponse;
      list = list.filter((p) => p.id !== 2);
      list.splice(position, 0, moved);
      return { data: { success: true } };
    },
    'DELETE /api/custom-metadata-property/1': () => {
      list = list.filter((p) => p.id !== 1);
      return { data: { success: true, removed_value_count: 12 } };
    },
    'POST /api/brand/1/custom-metadata-properties': ({ body }) => {
      const created = metadataProperty({ ...(body as Partial<CustomMetadataPropertyResponse>), id: 9, options: [] });
      list = [...list, created];
      return { status: 201, data: created };
    },
    ...options.extra,
  });
}

const names = () =>
  within(screen.getByRole('list', { name: 'Properties, in the order they are shown' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

async function openCreate() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add property' }, WAIT));
  const dialog = await screen.findByRole('dialog', { name: 'Add a property' });
  return { user, dialog };
}

async function chooseType(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, type: string) {
  await user.click(within(dialog).getByRole('button', { name: /Type$/ }));
  await user.click(await screen.findByRole('option', { name: type }));
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('custom metadata property management', () => {
  it('says what to do when the brand has no property yet', async () => {
    server([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No custom metadata yet' }, WAIT)).toBeTruthy();
    expect(screen.getByText('No custom metadata yet. Add a property to describe your assets with your own fields.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add property' })).toBeTruthy();
  });

  it('lists the properties in order with type, badges and counts; moves one by keyboard and deletes one after saying how many values go', async () => {
    const { calls } = server([USAGE, SHOOT, CHANNEL]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Custom metadata' }, WAIT)).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Usage', 'Shoot date', 'Channel']), WAIT);
    const usage = screen.getByRole('heading', { name: 'Usage' }).closest('li') as HTMLElement;
    expect(within(usage).getByText('Required')).toBeTruthy();
    expect(within(usage).getByText(/Single choice · 12 assets/)).toBeTruthy();
    const channel = screen.getByRole('heading', { name: 'Channel' }).closest('li') as HTMLElement;
    expect(within(channel).getByText('Shown when “Usage” is Web')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move up “Usage”' })).toHaveProperty('disabled', true);

    // Move "Shoot date" up with the keyboard: position 0 in the brand's order; the focus stays on the row's buttons.
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Move up “Shoot date”' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/move'))?.body).toEqual({ position: 0 }), WAIT);
    await waitFor(() => expect(names()).toEqual(['Shoot date', 'Usage', 'Channel']), WAIT);
    expect(await screen.findByText('“Shoot date” is now number 1')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move down “Shoot date”'));

    await user.click(screen.getByRole('button', { name: 'Delete “Usage”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Usage”?' });
    expect(within(confirm).getByText('12 assets have a value for “Usage”. Delete it and its values?')).toBeTruthy();
    expect(within(confirm).getByText(/will then always be shown/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete property' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/custom-metadata-property/1')).toBe(true));
    expect(await screen.findByText('Property “Usage” deleted with its values on 12 assets', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Shoot date', 'Channel']));
  });

  it('shows members the list without ways to change it', async () => {
    server([{ ...USAGE, can_admin: false }], { admin: false });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Usage' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add property' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete|Move/ })).toBeNull();
  });

  it('refuses an empty name and a choice without options; duplicate options are named; a valid SELECT is sent whole', async () => {
    const { calls } = server([]);
    renderApp(PATH);
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(await within(dialog).findByText('Enter a name')).toBeTruthy();

    await chooseType(user, dialog, 'Single choice');
    // A choice has options and no default value field, nor a unit.
    expect(within(dialog).getByRole('group', { name: 'Options' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Default value' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Unit' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Usage');
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(await within(dialog).findByText('Add at least one option')).toBeTruthy();

    for (const value of ['Print', 'Web', 'print']) {
      await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
      const inputs = within(dialog).getAllByRole('textbox', { name: /^Option \d/ });
      await user.type(inputs[inputs.length - 1] as HTMLElement, value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(await within(dialog).findByText('Another option has the same text')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Remove option 3' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /“Web” is chosen by default/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move option 2 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy(), WAIT);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Usage',
      help_text: '',
      is_required: false,
      is_searchable: true,
      is_viewable: true,
      should_be_opened_in_a_new_tab: false,
      unit: null,
      options: [
        { value: 'Web', is_default: true },
        { value: 'Print', is_default: false },
      ],
      dependency: null,
      project_ids: [],
      permissions: { basic: [], custom: [] },
      type: 'SELECT',
    });
    expect(await screen.findByText('Property “Usage” added', {}, WAIT)).toBeTruthy();
  }, 60_000);

  it('shows the fields of each type: a unit for a number, new tab for a link, a date picker for a date default', async () => {
    server([]);
    renderApp(PATH);
    const { user, dialog } = await openCreate();
    await chooseType(user, dialog, 'Number');
    expect(within(dialog).getByRole('textbox', { name: 'Unit' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Open links in a new tab' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Default value' }), 'twelve');
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    expect(await within(dialog).findByText('Must be a number')).toBeTruthy();

    await chooseType(user, dialog, 'Link (URL)');
    expect(within(dialog).queryByRole('textbox', { name: 'Unit' })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'Open links in a new tab' })).toBeTruthy();

    await chooseType(user, dialog, 'Date');
    expect(within(dialog).getByRole('group', { name: 'Default value' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Open the calendar/ })).toBeTruthy();
    expect(within(dialog).getAllByRole('spinbutton').length).toBe(3);
  });

  it('offers as dependee only choice properties that make no loop, then their options; the server’s refusal shows at the field', async () => {
    const { calls } = server([USAGE, SHOOT, CHANNEL], {
      extra: {
        'PATCH /api/custom-metadata-property/3': {
          status: 400,
          body: { success: false, error: 'Validation failed', errors: { dependency: ['Would make a loop'] } },
        },
      },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    // Usage may not depend on Channel, which depends on it; a date is no choice.
    await user.click(await screen.findByRole('button', { name: 'Edit “Usage”' }, WAIT));
    let dialog = await screen.findByRole('dialog', { name: 'Edit “Usage”' });
    expect(within(dialog).getByRole('button', { name: /Type$/ })).toHaveProperty('disabled', true);
    expect(within(dialog).queryByRole('button', { name: /Depends on$/ })).toBeNull();
    expect(within(dialog).getByText(/No other single or multiple choice property can be used/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit “Shoot date”' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit “Shoot date”' });
    await user.click(within(dialog).getByRole('button', { name: /Depends on$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Always shown',
      'Usage · Single choice',
      'Channel · Multiple choice',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit “Channel”' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit “Channel”' });
    const options = within(dialog).getByRole('group', { name: 'Has one of these options' });
    expect(within(options).getByRole('checkbox', { name: 'Web' })).toHaveProperty('checked', true);
    await user.click(within(options).getByRole('checkbox', { name: 'Print' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save property' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
        dependency: { property_id: 1, type: 'IS_ONE_OF', property_option_ids: [11, 12] },
      }),
    );
    expect(await within(dialog).findByText('Would make a loop')).toBeTruthy();
    expect(within(dialog).getByText('Check the fields marked below.')).toBeTruthy();
  });
});
