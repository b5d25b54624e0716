import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MetadataProperty } from './api';
import { FilterBuilder } from './FilterBuilder';
import { fieldChoices } from './fields';

const PROPERTIES: MetadataProperty[] = [
  {
    id: 12,
    name: 'Usage',
    type: 'SELECT',
    options: [
      { id: 3, value: 'Print' },
      { id: 4, value: 'Web' },
    ],
  },
  { id: 13, name: 'Shoot date', type: 'DATE', options: [] },
];

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`(^| )${label}$`) }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function operatorsOffered(): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: /(^| )Condition$/ }));
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

function setup() {
  const onAdd = vi.fn();
  render(<FilterBuilder choices={fieldChoices(PROPERTIES)} onAdd={onAdd} />);
  return onAdd;
}

describe('filter builder', { timeout: 60_000 }, () => {
  it('offers only the operators that fit the field', async () => {
    setup();
    await choose('Field', 'Width');
    expect(await operatorsOffered()).toEqual(['Is', 'Is not', 'Is after / more than', 'Is before / less than']);
    await choose('Field', 'Created');
    expect(await operatorsOffered()).toEqual(['Is on', 'Is before / less than', 'Is after / more than']);
    await choose('Field', 'Usage');
    expect(await operatorsOffered()).toEqual(['Is', 'Is not', 'Is one of', 'Is none of', 'Is empty', 'Is not empty']);
  });

  it('a known value is chosen from a list; a select property takes option ids', async () => {
    const onAdd = setup();
    await choose('Field', 'Type');
    await choose('Value', 'Image');
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(onAdd).toHaveBeenLastCalledWith({ field: 'type', operator: 'IS', values: ['Image'] });
    await choose('Field', 'Usage');
    await choose('Condition', 'Is one of');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Print' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Web' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(onAdd).toHaveBeenLastCalledWith({ field: 'custom_metadata.12', operator: 'IS_ONE_OF', values: ['3', '4'] });
  });

  it('sizes are typed in MB, dates in a date field, and IS_EMPTY takes no value', async () => {
    const onAdd = setup();
    await choose('Field', 'Size');
    await choose('Condition', 'Is after / more than');
    await userEvent.type(screen.getByRole('textbox', { name: 'Size in MB' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(onAdd).toHaveBeenLastCalledWith({ field: 'size', operator: 'IS_AFTER', values: [String(2 * 1024 * 1024)] });
    await choose('Field', 'Shoot date');
    expect(screen.getByLabelText('Value').getAttribute('type')).toBe('date');
    await choose('Field', 'Tags');
    await choose('Condition', 'Is empty');
    expect(screen.queryByLabelText('Value')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(onAdd).toHaveBeenLastCalledWith({ field: 'tags', operator: 'IS_EMPTY', values: [] });
  });

  it('refuses to add without a field, without a value, or with a word for a number', async () => {
    const onAdd = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a field first');
    await choose('Field', 'Title');
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByText('Enter or choose a value')).toBeTruthy();
    await choose('Field', 'Width');
    await userEvent.type(screen.getByRole('textbox', { name: 'Pixels' }), 'wide');
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByText('Enter a number')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
