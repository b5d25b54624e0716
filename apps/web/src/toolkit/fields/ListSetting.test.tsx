import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { type ListEntryField, ListSetting, listTemplate } from './ListSetting';

let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
});

const items = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.list-setting__label')?.textContent);

describe('list', () => {
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

  it('logs an unknown template name and falls back to text', () => {
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

  describe('structured entries (fields next to the label)', () => {
    const fields: ListEntryField[] = [
      { key: 'width', label: 'Width', type: 'number', rules: { required: true, digits: true, min: 1, max: 10000 } },
      { key: 'height', label: 'Height', type: 'number', rules: { digits: true, min: 1 } },
      {
        key: 'format',
        label: 'Format',
        type: 'select',
        options: [
          { value: 'jpeg', label: 'JPEG' },
          { value: 'png', label: 'PNG' },
        ],
      },
    ];
    const sizes = (
      api: string | null,
      value: { id?: string; label: string; value: string; width: number; height: number | null; format: string }[] = [],
    ) => (
      <ListSetting
        name="size"
        label="Sizes"
        api={api}
        value={value}
        fields={fields}
        labelField={{ label: 'Name', rules: { maxlength: 60 } }}
        renderEntry={(e) => `${e.label}: ${e.width} × ${e.height ?? 'auto'} ${e.format}`}
      />
    );

    it('adds with POST {api} {name: entry} carrying typed fields; an empty number is null; savedEntry is taken over', async () => {
      const { calls } = fakeServer({
        'POST /api/sizes': { status: 201, body: { success: true, savedEntry: { id: 'Web', value: 'Web' } } },
      });
      const { user } = renderToolkit(sizes('/api/sizes'));
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Web');
      await user.type(screen.getByRole('spinbutton', { name: 'Width' }), '1200');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'png');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(items()).toEqual(['Web: 1200 × auto png']));
      expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
        [
          'POST',
          '/api/sizes',
          { size: { label: 'Web', visible: true, value: '0-web', width: 1200, height: null, format: 'png' }, i18n: 'en' },
        ],
      ]);
      // The form is empty again, the format back at the first option.
      expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
      expect((screen.getByRole('combobox', { name: 'Format' }) as HTMLSelectElement).value).toBe('jpeg');
    });

    it('checks the inputs on submit and sends nothing while they are invalid', async () => {
      const { calls } = fakeServer({});
      const { user } = renderToolkit(sizes('/api/sizes'));
      await user.type(screen.getByRole('spinbutton', { name: 'Width' }), '0');
      await user.type(screen.getByRole('spinbutton', { name: 'Height' }), '{Enter}');
      expect(await screen.findByText('This field is required.')).toBeTruthy();
      expect(screen.getByText('Please enter a value greater than or equal to 1.')).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByRole('spinbutton', { name: 'Width' }).getAttribute('aria-describedby')).toContain('error');
      expect(calls).toEqual([]);
    });

    it("puts the server's field messages at their inputs ({name}.{key} for an add)", async () => {
      fakeServer({
        'POST /api/sizes': {
          status: 409,
          body: { success: false, error: 'Taken', errors: { 'size.label': ['This project already has a size with this name'] } },
        },
      });
      const { user } = renderToolkit(sizes('/api/sizes'));
      await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Web');
      await user.type(screen.getByRole('spinbutton', { name: 'Width' }), '100{Enter}');
      const message = await screen.findByText('This project already has a size with this name');
      expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-describedby')).toBe(message.id);
      expect(screen.getByText('No entries yet.')).toBeTruthy();
    });

    it('edits every field with PUT {api}/{encoded id}, takes the new id, and deletes with it', async () => {
      const { calls } = fakeServer({
        'PUT /api/sizes/Social%20post': { body: { success: true, savedEntry: { id: 'Social', label: 'Social', value: 'Social' } } },
        'DELETE /api/sizes/Social': { data: null },
      });
      const { user } = renderToolkit(
        sizes('/api/sizes', [{ id: 'Social post', label: 'Social post', value: 'Social post', width: 1080, height: 1080, format: 'png' }]),
      );
      await user.click(screen.getByRole('button', { name: 'Edit Social post' }));
      const group = screen.getByRole('group', { name: 'Edit Social post' });
      const name = within(group).getByRole('textbox', { name: 'Name' });
      expect(document.activeElement).toBe(name);
      await user.clear(name);
      await user.type(name, 'Social');
      await user.clear(within(group).getByRole('spinbutton', { name: 'Height' }));
      await user.type(within(group).getByRole('spinbutton', { name: 'Height' }), '1350');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(items()).toEqual(['Social: 1080 × 1350 png']));
      await user.click(screen.getByRole('button', { name: 'Remove Social' }));
      await waitFor(() => expect(screen.getByText('No entries yet.')).toBeTruthy());
      expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
        [
          'PUT',
          '/api/sizes/Social%20post',
          { id: 'Social post', label: 'Social', value: 'Social post', width: 1080, height: 1350, format: 'png', i18n: 'en' },
        ],
        ['DELETE', '/api/sizes/Social', undefined],
      ]);
    });

    it('Escape leaves an edit without saving', async () => {
      const { calls } = fakeServer({});
      const { user } = renderToolkit(
        sizes('/api/sizes', [{ id: 'Web', label: 'Web', value: 'Web', width: 100, height: null, format: 'jpeg' }]),
      );
      await user.click(screen.getByRole('button', { name: 'Edit Web' }));
      await user.type(within(screen.getByRole('group', { name: 'Edit Web' })).getByRole('spinbutton', { name: 'Width' }), '5{Escape}');
      expect(screen.queryByRole('group', { name: 'Edit Web' })).toBeNull();
      expect(items()).toEqual(['Web: 100 × auto jpeg']);
      expect(calls).toEqual([]);
    });
  });
});
