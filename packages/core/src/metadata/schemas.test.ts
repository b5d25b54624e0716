import { describe, expect, it } from 'vitest';
import {
  assetMetadataBodySchema,
  createMetadataPropertyBodySchema,
  METADATA_ASSETS_MAX,
  metadataSelectionBodySchema,
  moveMetadataPropertyBodySchema,
  updateMetadataPropertyBodySchema,
} from './schemas.js';

const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('createMetadataPropertyBodySchema', () => {
  it('accepts a SELECT with options and a dependency', () => {
    const r = createMetadataPropertyBodySchema.parse({
      name: ' Usage ',
      type: 'SELECT',
      options: [{ value: 'Web', is_default: true }, { value: ' Print ' }],
      dependency: { property_id: 4, property_option_ids: [7, 7] },
      project_ids: [3, 3],
      permissions: { basic: [{ subject: 'EDITOR', level: 'EDIT' }], custom: [{ group_id: 2, level: 'ADMIN' }] },
    });
    expect(r.name).toBe('Usage');
    expect(r.options?.map((o) => o.value)).toEqual(['Web', 'Print']);
    expect(r.dependency).toEqual({ property_id: 4, type: 'IS_ONE_OF', property_option_ids: [7] });
    expect(r.project_ids).toEqual([3]);
  });

  it('refuses what a property cannot be, naming the field', () => {
    expect(fieldsOf(createMetadataPropertyBodySchema.safeParse({ name: 'X', type: 'COLOR' }))).toEqual(['type']);
    expect(fieldsOf(createMetadataPropertyBodySchema.safeParse({ name: '', type: 'TEXT' }))).toEqual(['name']);
    expect(fieldsOf(createMetadataPropertyBodySchema.safeParse({ name: 'X', type: 'SELECT' }))).toEqual(['options']);
    expect(
      fieldsOf(createMetadataPropertyBodySchema.safeParse({ name: 'X', type: 'SELECT', options: [{ value: 'a' }, { value: 'A' }] })),
    ).toEqual(['options']);
    expect(fieldsOf(createMetadataPropertyBodySchema.safeParse({ name: 'X', type: 'NUMBER', default_value: 'x' }))).toEqual([
      'default_value',
    ]);
    expect(
      fieldsOf(createMetadataPropertyBodySchema.safeParse({ name: 'X', type: 'TEXT', permissions: { custom: [{ level: 'EDIT' }] } })),
    ).toEqual(['permissions.custom.0.user_id']);
    expect(
      fieldsOf(
        createMetadataPropertyBodySchema.safeParse({
          name: 'X',
          type: 'TEXT',
          permissions: { basic: [{ subject: 'GUEST', level: 'EDIT' }] },
        }),
      ),
    ).toEqual(['permissions.basic.0.subject']);
    expect(
      fieldsOf(
        createMetadataPropertyBodySchema.safeParse({ name: 'X', type: 'TEXT', dependency: { property_id: 1, property_option_ids: [] } }),
      ),
    ).toEqual(['dependency.property_option_ids']);
    expect(fieldsOf(createMetadataPropertyBodySchema.safeParse({ name: 'X', type: 'TEXT', colour: 'red' }))).toEqual(['']);
  });

  it('update cannot change the type', () => {
    expect(updateMetadataPropertyBodySchema.parse({ name: 'Y' })).toEqual({ name: 'Y' });
    expect(fieldsOf(updateMetadataPropertyBodySchema.safeParse({ type: 'TEXT' }))).toEqual(['type']);
  });

  it('move takes an index', () => {
    expect(moveMetadataPropertyBodySchema.parse({ position: 0 })).toEqual({ position: 0 });
    expect(fieldsOf(moveMetadataPropertyBodySchema.safeParse({ position: -1 }))).toEqual(['position']);
    expect(fieldsOf(moveMetadataPropertyBodySchema.safeParse({ position: 1.5 }))).toEqual(['position']);
  });
});

describe('asset value bodies', () => {
  it('names assets, an action and distinct properties', () => {
    expect(
      assetMetadataBodySchema.parse({ asset_ids: [1, 1, 2], action: 'set', values: [{ property_id: 3, value: 'x' }] }).asset_ids,
    ).toEqual([1, 2]);
    expect(fieldsOf(assetMetadataBodySchema.safeParse({ asset_ids: [], action: 'set', values: [{ property_id: 3 }] }))).toEqual([
      'asset_ids',
    ]);
    expect(fieldsOf(assetMetadataBodySchema.safeParse({ asset_ids: [1], action: 'put', values: [{ property_id: 3 }] }))).toEqual([
      'action',
    ]);
    expect(fieldsOf(assetMetadataBodySchema.safeParse({ asset_ids: [1], action: 'set', values: [] }))).toEqual(['values']);
    expect(
      fieldsOf(assetMetadataBodySchema.safeParse({ asset_ids: [1], action: 'set', values: [{ property_id: 3 }, { property_id: 3 }] })),
    ).toEqual(['values.1.property_id']);
    const many = Array.from({ length: METADATA_ASSETS_MAX + 1 }, (_, i) => i + 1);
    expect(fieldsOf(metadataSelectionBodySchema.safeParse({ asset_ids: many }))).toEqual(['asset_ids']);
  });
});
