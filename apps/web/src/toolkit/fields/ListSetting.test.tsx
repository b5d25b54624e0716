import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { ListSetting, listTemplate } from './ListSetting';

let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
});

const items = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.list-setting__label')?.textContent);

describe('list (§3, §4, §5, §7)', () => {
  it('adds an entry with POST {api}; a new entry gets an index-and-slug value and the saved id', async () => {
    const { calls } = fakeServer({ 'POST /api/sizes': { body: { success: true, savedEntry: { id: 41 } } } });
    const onChange = vi.fn();
    const { user } = renderToolkit(
      <ListSetting name="size" label="Sizes" api="/api/sizes" value={[{ id: 1, label: 'Small', value: '0-small' }]} onChange={onChange} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Add to Sizes' }), 'Extra Large{Enter}');
    await waitFor(() => expect(items()).toEqual(['Small', 'Extra Large']));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/sizes', { size: { label: 'Extra Large', visible: true, value: '1-extra-large' }, i18n: 'en' }],
    ]);
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 1, label: 'Small', value: '0-small' },
      { label: 'Extra Large', visible: true, value: '1-extra-large', id: 41 },
    ]);
  });

  it('edits with PUT {api}/{id}, reorders with PUT {api}/position, removes with DELETE {deleteApi}/{id}', async () => {
    const { calls } = fakeServer({
      'PUT /api/sizes/1': { data: null },
      'PUT /api/sizes/position': { data: null },
      'DELETE /api/size-delete/2': { data: null },
    });
    const { user } = renderToolkit(
      <ListSetting
        name="size"
        label="Sizes"
        api="/api/sizes"
        deleteApi="/api/size-delete"
        value={[
          { id: 1, label: 'Small', value: '0-small' },
          { id: 2, label: 'Large', value: '1-large' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit Small' }));
    const field = screen.getByRole('textbox', { name: 'New name for Small' });
    await user.clear(field);
    await user.type(field, 'Tiny{Enter}');
    await waitFor(() => expect(items()).toEqual(['Tiny', 'Large']));
    await user.click(screen.getByRole('button', { name: 'Move Large up' }));
    await waitFor(() => expect(items()).toEqual(['Large', 'Tiny']));
    await user.click(screen.getByRole('button', { name: 'Remove Large' }));
    await waitFor(() => expect(items()).toEqual(['Tiny']));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['PUT', '/api/sizes/1', { id: 1, label: 'Tiny', value: '0-small', i18n: 'en' }],
      ['PUT', '/api/sizes/position', { items: [2, 1] }],
      ['DELETE', '/api/size-delete/2', undefined],
    ]);
    expect((screen.getByRole('button', { name: 'Move Tiny up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('toggles display; the last visible entry cannot be hidden', async () => {
    const { user } = renderToolkit(
      <ListSetting
        name="s"
        label="Sizes"
        displayToggle
        keepOneVisible
        value={[
          { label: 'Small', value: 'a', visible: true },
          { label: 'Large', value: 'b', visible: true },
        ]}
      />,
    );
    const show = (label: string) => screen.getByRole('checkbox', { name: `Show ${label}` }) as HTMLInputElement;
    expect(show('Small').disabled).toBe(false);
    await user.click(show('Large'));
    await waitFor(() => expect(show('Large').checked).toBe(false));
    expect(show('Small').disabled).toBe(true);
    expect(show('Small').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByRole('listitem')[0]?.dataset.lastVisible).toBe('true');
  });

  it('the tags template splits on commas, trims, skips empty and duplicate tags', async () => {
    const { user } = renderToolkit(<ListSetting name="t" label="Tags" template="tags" value={[{ label: 'red', value: '0-red' }]} />);
    await user.type(screen.getByRole('textbox', { name: 'Add to Tags' }), ' blue, ,Red, green ,blue{Enter}');
    await waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3));
    expect(items()).toEqual(['red', 'blue', 'green']);
  });

  it('the fileTypes template keeps bare lower-case extensions', () => {
    expect(
      listTemplate('fileTypes')
        .parse('.EXE, *.bat  js', [{ label: 'js', value: 'x' }])
        .map((e) => e.label),
    ).toEqual(['exe', 'bat']);
  });

  it('logs an unknown template name and falls back to text (§8)', () => {
    listTemplate('nope');
    expect(errorSpy).toHaveBeenCalledWith('Template nope not found');
  });

  it('readonly lists have no add, edit or remove', () => {
    renderToolkit(<ListSetting name="r" label="Fixed" readonly value={[{ label: 'One', value: '0-one' }]} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the refusal of an add', async () => {
    fakeServer({ 'POST /api/s': { status: 422, body: { success: false, errors: { label: ['Already exists'] } } } });
    const { user } = renderToolkit(<ListSetting name="s" label="Sizes" api="/api/s" value={[]} />);
    await user.type(screen.getByRole('textbox', { name: 'Add to Sizes' }), 'Small{Enter}');
    expect(await screen.findByText('Already exists')).toBeTruthy();
    expect(screen.getByText('No entries yet.')).toBeTruthy();
  });
});
