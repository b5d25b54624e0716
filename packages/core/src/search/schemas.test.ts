import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS } from './fields.js';
import { assetSearchBodySchema, searchSuggestionsQuerySchema } from './schemas.js';

function issues(body: unknown): Record<string, string> {
  const r = assetSearchBodySchema.safeParse(body);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('assetSearchBodySchema', () => {
  it('fills the defaults', () => {
    const v = assetSearchBodySchema.parse({ brand_id: 3 });
    expect(v).toMatchObject({ brand_id: 3, query: '', filters: [], facets: [], limit: 50 });
    expect(v.sort).toBeUndefined();
  });

  it('reads each kind of value', () => {
    const v = assetSearchBodySchema.parse({
      brand_id: 1,
      query: '  blue   logo ',
      filters: [
        { field: 'type', operator: 'IS_ONE_OF', value: ['Image', 'Video'] },
        { field: 'library', operator: 'IS', value: '12' },
        { field: 'tags', operator: 'IS_EMPTY' },
        { field: 'width', operator: 'IS_AFTER', value: 100 },
        { field: 'created_at', operator: 'IS_AT', value: '2026-02-28' },
        { field: 'modified_at', operator: 'IS_BEFORE', value: '2026-02-28T10:00:00Z' },
        { field: 'color', operator: 'IS', value: '#FF0000' },
        { field: 'color', operator: 'IS', value: { color: '#00ff00', distance: 5 } },
        { field: 'custom_metadata.7', operator: 'IS_ONE_OF', value: [1, 2] },
      ],
      facets: ['type', 'tags', 'custom_metadata.7', 'type'],
      sort: { by: 'title', direction: 'asc' },
    });
    expect(v.query).toBe('blue logo');
    expect(v.filters.map((f) => f.value)).toEqual([
      ['Image', 'Video'],
      12,
      null,
      100,
      '2026-02-28',
      '2026-02-28T10:00:00Z',
      { color: '#ff0000', distance: 20 },
      { color: '#00ff00', distance: 5 },
      [1, 2],
    ]);
    expect(v.facets).toEqual(['type', 'tags', 'custom_metadata.7']);
  });

  it('names the field, operator or value it refuses', () => {
    expect(issues({ brand_id: 1, filters: [{ field: 'colour', operator: 'IS', value: 'x' }] })).toHaveProperty(['filters.0.field']);
    expect(issues({ brand_id: 1, filters: [{ field: 'width', operator: 'CONTAINS', value: 1 }] })).toHaveProperty(['filters.0.operator']);
    expect(issues({ brand_id: 1, filters: [{ field: 'width', operator: 'NEAR', value: 1 }] })).toHaveProperty(['filters.0.operator']);
    expect(issues({ brand_id: 1, filters: [{ field: 'width', operator: 'IS', value: '1' }] })).toHaveProperty(['filters.0.value']);
    expect(issues({ brand_id: 1, filters: [{ field: 'type', operator: 'IS', value: 'Picture' }] })).toHaveProperty(['filters.0.value']);
    expect(issues({ brand_id: 1, filters: [{ field: 'type', operator: 'IS_ONE_OF', value: [] }] })).toHaveProperty(['filters.0.value']);
    expect(issues({ brand_id: 1, filters: [{ field: 'tags', operator: 'IS_EMPTY', value: 'x' }] })).toHaveProperty(['filters.0.value']);
    expect(issues({ brand_id: 1, filters: [{ field: 'created_at', operator: 'IS_AT', value: '2026-02-30' }] })).toHaveProperty([
      'filters.0.value',
    ]);
    expect(issues({ brand_id: 1, filters: [{ field: 'color', operator: 'IS', value: 'red' }] })).toHaveProperty(['filters.0.value']);
    expect(
      issues({ brand_id: 1, filters: [{ field: 'color', operator: 'IS', value: { color: '#ff0000', distance: -1 } }] }),
    ).toHaveProperty(['filters.0.value']);
    expect(issues({ brand_id: 1, filters: [{ field: 'custom_metadata.x', operator: 'IS', value: 1 }] })).toHaveProperty([
      'filters.0.field',
    ]);
    expect(issues({ brand_id: 1, facets: ['title'] })).toHaveProperty(['facets.0']);
    expect(issues({ brand_id: 1, sort: { by: 'colour' } })).toHaveProperty(['sort.by']);
    expect(issues({ brand_id: 1, limit: 101 })).toHaveProperty(['limit']);
    expect(issues({ brand_id: 1, limit: 0 })).toHaveProperty(['limit']);
    expect(issues({ brand_id: 1, extra: 1 })).toHaveProperty(['']);
  });

  it('lets every field use exactly its operators', () => {
    for (const [field, spec] of Object.entries(SEARCH_FIELDS)) {
      for (const op of ['IS_AT', 'CONTAINS', 'IS_ONE_OF'] as const) {
        const allowed = (spec.operators as readonly string[]).includes(op);
        const refused = 'filters.0.operator' in issues({ brand_id: 1, filters: [{ field, operator: op, value: null }] });
        expect(refused, `${field} ${op}`).toBe(!allowed);
      }
    }
  });
});

describe('searchSuggestionsQuerySchema', () => {
  it('reads query strings', () => {
    expect(searchSuggestionsQuerySchema.parse({ brand_id: '4', q: ' lo ', limit: '7' })).toEqual({ brand_id: 4, q: 'lo', limit: 7 });
    expect(searchSuggestionsQuerySchema.safeParse({ brand_id: '4', limit: '50' }).success).toBe(false);
  });
});
