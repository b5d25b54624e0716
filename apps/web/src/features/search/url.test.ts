import { describe, expect, it } from 'vitest';
import { toApiFilter } from './api';
import { staticField } from './fields';
import { EMPTY_SEARCH, facetValueChecked, formatSearch, parseFilter, parseSearch, type SearchState, toggleFacetValue } from './url';

describe('search state in the address', () => {
  it('round-trips words, filters of every shape, sort and view', () => {
    const state: SearchState = {
      q: 'summer logo',
      filters: [
        { field: 'type', operator: 'IS', values: ['Image'] },
        { field: 'extension', operator: 'IS_ONE_OF', values: ['png', 'jpg'] },
        { field: 'tags', operator: 'IS_EMPTY', values: [] },
        { field: 'title', operator: 'CONTAINS', values: ['a:b, c & d = e?'] },
        { field: 'color', operator: 'IS', values: ['#ff0000', '30'] },
        { field: 'custom_metadata.12', operator: 'IS_NOT_ONE_OF', values: ['3', '4'] },
        { field: 'description', operator: 'IS', values: ['100% + more'] },
      ],
      sort: 'newest',
      view: 'list',
    };
    const search = formatSearch(state);
    expect(parseSearch(search)).toEqual(state);
    // Readable: one f per filter, separators left as they are, values encoded on their own.
    expect(search).toContain('q=summer%20logo');
    expect(search).toContain('&f=type:IS:Image&f=extension:IS_ONE_OF:png,jpg&f=tags:IS_EMPTY&');
    expect(search).toContain('f=title:CONTAINS:a%3Ab%2C%20c%20%26%20d%20%3D%20e%3F');
    expect(search).toContain('f=color:IS:%23ff0000,30');
    expect(search.endsWith('&sort=newest&view=list')).toBe(true);
  });

  it('leaves the defaults out, and the empty search is no query at all', () => {
    expect(formatSearch(EMPTY_SEARCH)).toBe('');
    expect(formatSearch({ ...EMPTY_SEARCH, q: '  logo  ' })).toBe('?q=logo');
    expect(parseSearch('')).toEqual(EMPTY_SEARCH);
  });

  it('reads what URLSearchParams writes (a link built elsewhere)', () => {
    const params = new URLSearchParams();
    params.set('q', 'blue sky');
    params.append('f', 'type:IS_ONE_OF:Image,Video');
    params.set('sort', 'title');
    expect(parseSearch(params.toString())).toEqual({
      q: 'blue sky',
      filters: [{ field: 'type', operator: 'IS_ONE_OF', values: ['Image', 'Video'] }],
      sort: 'title',
      view: 'grid',
    });
  });

  it('drops what is not a filter, an unknown sort or view, and broken escapes', () => {
    expect(parseFilter('type')).toBeNull();
    expect(parseFilter('type:LIKE:x')).toBeNull();
    expect(parseFilter('Type;drop:IS:x')).toBeNull();
    expect(parseFilter('title:IS:%E0%A4%A')).toBeNull();
    expect(parseSearch('?f=type:NOPE:x&f=tags:IS:blue&sort=random&view=tiles&other=1')).toEqual({
      ...EMPTY_SEARCH,
      filters: [{ field: 'tags', operator: 'IS', values: ['blue'] }],
    });
  });
});

describe('facet values and the filters', () => {
  it('the first value makes an IS_ONE_OF filter, more join it, the last one out drops it', () => {
    let filters = toggleFacetValue([], 'extension', 'png');
    expect(filters).toEqual([{ field: 'extension', operator: 'IS_ONE_OF', values: ['png'] }]);
    filters = toggleFacetValue(filters, 'extension', 'jpg');
    expect(filters).toEqual([{ field: 'extension', operator: 'IS_ONE_OF', values: ['png', 'jpg'] }]);
    expect(facetValueChecked(filters, 'extension', 'jpg')).toBe(true);
    expect(facetValueChecked(filters, 'extension', 'gif')).toBe(false);
    filters = toggleFacetValue(filters, 'extension', 'png');
    filters = toggleFacetValue(filters, 'extension', 'jpg');
    expect(filters).toEqual([]);
  });

  it('an IS filter counts as checked and its value unchecks it', () => {
    const filters = [
      { field: 'tags', operator: 'IS' as const, values: ['blue'] },
      { field: 'type', operator: 'IS' as const, values: ['Image'] },
    ];
    expect(facetValueChecked(filters, 'tags', 'blue')).toBe(true);
    expect(toggleFacetValue(filters, 'tags', 'blue')).toEqual([{ field: 'type', operator: 'IS', values: ['Image'] }]);
    expect(toggleFacetValue(filters, 'tags', 'red')[0]).toEqual({ field: 'tags', operator: 'IS_ONE_OF', values: ['blue', 'red'] });
  });
});

describe('filters as the API takes them', () => {
  it('numbers as numbers, lists as lists, no value for IS_EMPTY, a colour with its distance', () => {
    expect(toApiFilter({ field: 'size', operator: 'IS_AFTER', values: ['2097152'] }, staticField('size'))).toEqual({
      field: 'size',
      operator: 'IS_AFTER',
      value: 2097152,
    });
    expect(toApiFilter({ field: 'extension', operator: 'IS_ONE_OF', values: ['png', 'jpg'] }, staticField('extension'))).toEqual({
      field: 'extension',
      operator: 'IS_ONE_OF',
      value: ['png', 'jpg'],
    });
    expect(toApiFilter({ field: 'tags', operator: 'IS_EMPTY', values: [] }, staticField('tags'))).toEqual({
      field: 'tags',
      operator: 'IS_EMPTY',
    });
    expect(toApiFilter({ field: 'color', operator: 'IS', values: ['#ff0000', '30'] }, staticField('color'))).toEqual({
      field: 'color',
      operator: 'IS',
      value: { color: '#ff0000', distance: 30 },
    });
    expect(toApiFilter({ field: 'color', operator: 'IS', values: ['#ff0000'] }, staticField('color')).value).toBe('#ff0000');
    expect(toApiFilter({ field: 'library', operator: 'IS', values: ['7'] }, staticField('library')).value).toBe(7);
  });
});
