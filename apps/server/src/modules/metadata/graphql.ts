import {
  assetMetadataBodySchema,
  CUSTOM_METADATA_TYPES,
  type CustomMetadataPropertyResponse,
  createMetadataPropertyBodySchema,
  encodeBase64Id,
  METADATA_PERMISSION_LEVELS,
  type MetadataSelectionItem,
  type MetadataValue,
  type MetadataValueAction,
  metadataPropertiesQuerySchema,
  metadataSelectionBodySchema,
  moveMetadataPropertyBodySchema,
  SUBJECT_GROUPS,
  updateMetadataPropertyBodySchema,
} from '@emblem/core';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/*
 * Custom metadata in GraphQL (data-api.md §7.2, §7.3): each resolver parses its input with the REST schema and
 * calls the same operation, so permissions, refusals and events are those of the REST routes (decision 0040).
 * A value is an object with the member its type uses: `text` (TEXT, LONGTEXT, URL, DATE), `number` (NUMBER) or
 * `optionIds` (SELECT: one, MULTISELECT: several).
 */

interface ValueOut {
  text: string | null;
  number: number | null;
  optionIds: number[] | null;
}
function valueOut(value: MetadataValue | null, type: string | undefined): ValueOut | null {
  if (value === null) return null;
  if (type === 'SELECT' || type === 'MULTISELECT' || Array.isArray(value))
    return { text: null, number: null, optionIds: Array.isArray(value) ? value : [value as number] };
  if (typeof value === 'number') return { text: null, number: value, optionIds: null };
  return { text: String(value), number: null, optionIds: null };
}

/** An asset's value as `Asset.customMetadata` carries it (the asset GraphQL type adds the field). */
export const AssetCustomMetadataRef = builder.objectRef<{ property_id: number; type?: string; value: MetadataValue }>(
  'AssetCustomMetadata',
);

const propertyId = (id: string | number) => numericId(id, 'CustomMetadataProperty');
const optionId = (id: string | number) => numericId(id, 'CustomMetadataPropertyOption');

export function metadataGraphql(): void {
  const Value = builder.objectRef<ValueOut>('CustomMetadataValue').implement({
    fields: (t) => ({
      text: t.string({ nullable: true, resolve: (v) => v.text }),
      number: t.float({ nullable: true, resolve: (v) => v.number }),
      optionIds: t.idList({
        nullable: true,
        resolve: (v) => v.optionIds?.map((id) => encodeBase64Id('CustomMetadataPropertyOption', id)) ?? null,
      }),
    }),
  });
  AssetCustomMetadataRef.implement({
    fields: (t) => ({
      propertyId: t.id({ resolve: (v) => encodeBase64Id('CustomMetadataProperty', v.property_id) }),
      value: t.field({ type: Value, resolve: (v) => valueOut(v.value, v.type) as ValueOut }),
    }),
  });
  const TypeEnum = builder.enumType('CustomMetadataPropertyType', { values: CUSTOM_METADATA_TYPES });
  const SubjectEnum = builder.enumType('SubjectGroup', { values: SUBJECT_GROUPS });
  const LevelEnum = builder.enumType('CustomMetadataPermissionLevel', { values: METADATA_PERMISSION_LEVELS });
  const Option = builder.objectRef<CustomMetadataPropertyResponse['options'][number]>('CustomMetadataPropertyOption').implement({
    fields: (t) => ({
      id: t.id({ resolve: (o) => encodeBase64Id('CustomMetadataPropertyOption', o.id) }),
      value: t.exposeString('value'),
      isDefault: t.exposeBoolean('is_default'),
    }),
  });
  const Dependency = builder.objectRef<NonNullable<CustomMetadataPropertyResponse['dependency']>>('CustomMetadataDependency').implement({
    fields: (t) => ({
      propertyId: t.id({ resolve: (d) => encodeBase64Id('CustomMetadataProperty', d.property_id) }),
      type: t.exposeString('type'),
      propertyOptionIds: t.idList({
        resolve: (d) => d.property_option_ids.map((id) => encodeBase64Id('CustomMetadataPropertyOption', id)),
      }),
    }),
  });
  const Basic = builder
    .objectRef<CustomMetadataPropertyResponse['permissions']['basic'][number]>('CustomMetadataBasicPermission')
    .implement({
      fields: (t) => ({
        subject: t.field({ type: SubjectEnum, resolve: (b) => b.subject }),
        level: t.field({ type: LevelEnum, resolve: (b) => b.level }),
      }),
    });
  const Custom = builder
    .objectRef<CustomMetadataPropertyResponse['permissions']['custom'][number]>('CustomMetadataCustomPermission')
    .implement({
      fields: (t) => ({
        userId: t.id({ nullable: true, resolve: (c) => (c.user_id ? encodeBase64Id('User', c.user_id) : null) }),
        groupId: t.id({ nullable: true, resolve: (c) => (c.group_id ? encodeBase64Id('UserGroup', c.group_id) : null) }),
        name: t.exposeString('name'),
        level: t.field({ type: LevelEnum, resolve: (c) => c.level }),
      }),
    });
  const Permissions = builder.objectRef<CustomMetadataPropertyResponse['permissions']>('CustomMetadataPermissions').implement({
    fields: (t) => ({
      basic: t.field({ type: [Basic], resolve: (p) => p.basic }),
      custom: t.field({ type: [Custom], resolve: (p) => p.custom }),
    }),
  });
  const Property = builder.objectRef<CustomMetadataPropertyResponse>('CustomMetadataProperty').implement({
    fields: (t) => ({
      id: t.id({ resolve: (p) => encodeBase64Id('CustomMetadataProperty', p.id) }),
      name: t.exposeString('name'),
      helpText: t.exposeString('help_text'),
      type: t.field({ type: TypeEnum, resolve: (p) => p.type }),
      isRequired: t.exposeBoolean('is_required'),
      isSearchable: t.exposeBoolean('is_searchable'),
      isViewable: t.exposeBoolean('is_viewable'),
      defaultValue: t.field({ type: Value, nullable: true, resolve: (p) => valueOut(p.default_value, p.type) }),
      shouldBeOpenedInANewTab: t.exposeBoolean('should_be_opened_in_a_new_tab'),
      unit: t.string({ nullable: true, resolve: (p) => p.unit }),
      options: t.field({ type: [Option], resolve: (p) => p.options }),
      dependency: t.field({ type: Dependency, nullable: true, resolve: (p) => p.dependency }),
      forbiddenDependeePropertyIds: t.idList({
        resolve: (p) => p.forbidden_dependee_property_ids.map((id) => encodeBase64Id('CustomMetadataProperty', id)),
      }),
      libraryIds: t.idList({ resolve: (p) => p.project_ids.map((id) => encodeBase64Id('Project', id)) }),
      permissions: t.field({ type: Permissions, resolve: (p) => p.permissions }),
      createdAt: t.exposeString('created_at'),
      modifiedAt: t.exposeString('modified_at'),
      assetCount: t.exposeInt('asset_count'),
      canAdmin: t.exposeBoolean('can_admin'),
      canEdit: t.exposeBoolean('can_edit'),
    }),
  });
  const SelectionItem = builder.objectRef<MetadataSelectionItem>('MetadataSelectionItem').implement({
    fields: (t) => ({
      propertyId: t.id({ resolve: (s) => encodeBase64Id('CustomMetadataProperty', s.property_id) }),
      state: t.exposeString('state'),
      value: t.field({ type: Value, nullable: true, resolve: (s) => valueOut(s.value, s.type) }),
      count: t.exposeInt('count'),
    }),
  });
  const Selection = builder.objectRef<{ asset_count: number; properties: MetadataSelectionItem[] }>('MetadataSelection').implement({
    fields: (t) => ({
      assetCount: t.exposeInt('asset_count'),
      properties: t.field({ type: [SelectionItem], resolve: (s) => s.properties }),
    }),
  });
  const ChangeResult = builder.objectRef<{ asset_count: number; changed: number }>('CustomMetadataChange').implement({
    fields: (t) => ({ assetCount: t.exposeInt('asset_count'), changed: t.exposeInt('changed') }),
  });

  const ValueInput = builder.inputType('CustomMetadataValueInput', {
    fields: (t) => ({
      propertyId: t.id({ required: true }),
      text: t.string({ required: false }),
      number: t.float({ required: false }),
      optionIds: t.idList({ required: false }),
    }),
  });
  const OptionInput = builder.inputType('CustomMetadataOptionInput', {
    fields: (t) => ({ id: t.id({ required: false }), value: t.string({ required: true }), isDefault: t.boolean({ required: false }) }),
  });
  const DependencyInput = builder.inputType('CustomMetadataDependencyInput', {
    fields: (t) => ({ propertyId: t.id({ required: true }), propertyOptionIds: t.idList({ required: true }) }),
  });
  const BasicInput = builder.inputType('CustomMetadataBasicPermissionInput', {
    fields: (t) => ({ subject: t.field({ type: SubjectEnum, required: true }), level: t.field({ type: LevelEnum, required: true }) }),
  });
  const CustomInput = builder.inputType('CustomMetadataCustomPermissionInput', {
    fields: (t) => ({
      userId: t.id({ required: false }),
      groupId: t.id({ required: false }),
      level: t.field({ type: LevelEnum, required: true }),
    }),
  });
  const propertyInputFields = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
    name: t.string({ required: false }),
    helpText: t.string({ required: false }),
    isRequired: t.boolean({ required: false }),
    isSearchable: t.boolean({ required: false }),
    isViewable: t.boolean({ required: false }),
    defaultText: t.string({ required: false }),
    defaultNumber: t.float({ required: false }),
    shouldBeOpenedInANewTab: t.boolean({ required: false }),
    unit: t.string({ required: false }),
    options: t.field({ type: [OptionInput], required: false }),
    dependency: t.field({ type: DependencyInput, required: false }),
    libraryIds: t.idList({ required: false }),
    basicPermissions: t.field({ type: [BasicInput], required: false }),
    customPermissions: t.field({ type: [CustomInput], required: false }),
  });
  const CreateInput = builder.inputType('CreateCustomMetadataPropertyInput', {
    fields: (t) => ({ ...propertyInputFields(t), brandId: t.id({ required: true }), type: t.field({ type: TypeEnum, required: true }) }),
  });
  const UpdateInput = builder.inputType('UpdateCustomMetadataPropertyInput', {
    fields: (t) => ({ ...propertyInputFields(t), id: t.id({ required: true }), clearDependency: t.boolean({ required: false }) }),
  });

  type PropertyInput = {
    name?: string | null;
    helpText?: string | null;
    isRequired?: boolean | null;
    isSearchable?: boolean | null;
    isViewable?: boolean | null;
    defaultText?: string | null;
    defaultNumber?: number | null;
    shouldBeOpenedInANewTab?: boolean | null;
    unit?: string | null;
    options?: { id?: string | number | null; value: string; isDefault?: boolean | null }[] | null;
    dependency?: { propertyId: string | number; propertyOptionIds: (string | number)[] } | null;
    libraryIds?: (string | number)[] | null;
    basicPermissions?: { subject: string; level: string }[] | null;
    customPermissions?: { userId?: string | number | null; groupId?: string | number | null; level: string }[] | null;
    clearDependency?: boolean | null;
  };
  /** The REST body of a property input (only the members given). */
  const restBody = (i: PropertyInput): Record<string, unknown> => {
    const b: Record<string, unknown> = {};
    if (i.name != null) b.name = i.name;
    if (i.helpText != null) b.help_text = i.helpText;
    if (i.isRequired != null) b.is_required = i.isRequired;
    if (i.isSearchable != null) b.is_searchable = i.isSearchable;
    if (i.isViewable != null) b.is_viewable = i.isViewable;
    if (i.defaultText != null) b.default_value = i.defaultText;
    if (i.defaultNumber != null) b.default_value = i.defaultNumber;
    if (i.shouldBeOpenedInANewTab != null) b.should_be_opened_in_a_new_tab = i.shouldBeOpenedInANewTab;
    if (i.unit != null) b.unit = i.unit;
    if (i.options != null)
      b.options = i.options.map((o) => ({
        ...(o.id != null ? { id: optionId(o.id) } : {}),
        value: o.value,
        is_default: o.isDefault ?? false,
      }));
    if (i.dependency != null)
      b.dependency = {
        property_id: propertyId(i.dependency.propertyId),
        property_option_ids: i.dependency.propertyOptionIds.map(optionId),
      };
    if (i.clearDependency) b.dependency = null;
    if (i.libraryIds != null) b.project_ids = i.libraryIds.map((id) => numericId(id, 'Project'));
    if (i.basicPermissions != null || i.customPermissions != null)
      b.permissions = {
        basic: i.basicPermissions ?? [],
        custom: (i.customPermissions ?? []).map((c) => ({
          ...(c.userId != null ? { user_id: numericId(c.userId, 'User') } : {}),
          ...(c.groupId != null ? { group_id: numericId(c.groupId, 'UserGroup') } : {}),
          level: c.level,
        })),
      };
    return b;
  };

  builder.queryFields((t) => ({
    /** A brand's properties, or those a library uses, as GET /api/brand/{id}/custom-metadata-properties. */
    customMetadataProperties: t.field({
      type: [Property],
      args: { brandId: t.arg.id({ required: true }), libraryId: t.arg.id({ required: false }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const query = parse(metadataPropertiesQuerySchema, args.libraryId ? { project_id: numericId(args.libraryId, 'Project') } : {});
        return (await op.listProperties(ctx.db, actor, numericId(args.brandId, 'Brand'), query)).properties;
      },
    }),
    /** How each property's values lie on the assets, as POST /api/asset/custom-metadata/selection. */
    metadataSelection: t.field({
      type: Selection,
      args: { assetIds: t.arg.idList({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(metadataSelectionBodySchema, { asset_ids: args.assetIds.map((id) => numericId(id, 'Asset')) });
        return op.metadataSelection(ctx.db, actor, body);
      },
    }),
  }));

  const change = (action: MetadataValueAction) =>
    builder.mutationField(`${action}CustomMetadata${action === 'remove' ? 'From' : action === 'add' ? 'To' : 'On'}Assets`, (t) =>
      t.field({
        type: ChangeResult,
        args: { assetIds: t.arg.idList({ required: true }), values: t.arg({ type: [ValueInput], required: true }) },
        resolve: (_r, args, ctx: GqlContext) => {
          const actor = actorOf(ctx);
          const body = parse(assetMetadataBodySchema, {
            asset_ids: args.assetIds.map((id) => numericId(id, 'Asset')),
            action,
            values: args.values.map((v) => ({
              property_id: propertyId(v.propertyId),
              ...(v.text != null ? { value: v.text } : {}),
              ...(v.number != null ? { value: v.number } : {}),
              ...(v.optionIds != null ? { value: v.optionIds.map(optionId) } : {}),
            })),
          });
          return op.changeAssetValues(ctx.db, actor, body);
        },
      }),
    );
  change('add');
  change('set');
  change('remove');

  builder.mutationFields((t) => ({
    createCustomMetadataProperty: t.field({
      type: Property,
      args: { input: t.arg({ type: CreateInput, required: true }) },
      resolve: (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(createMetadataPropertyBodySchema, { ...restBody(input), type: input.type });
        return op.createProperty(ctx.db, actor, numericId(input.brandId, 'Brand'), body);
      },
    }),
    updateCustomMetadataProperty: t.field({
      type: Property,
      args: { input: t.arg({ type: UpdateInput, required: true }) },
      resolve: (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const id = propertyId(input.id);
        return op.updateProperty(ctx.db, actor, id, parse(updateMetadataPropertyBodySchema, restBody(input)));
      },
    }),
    /** Answers how many asset values went with the property. */
    deleteCustomMetadataProperty: t.int({
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        return (await op.deleteProperty(ctx.db, actor, propertyId(args.id))).removed_value_count;
      },
    }),
    /** The property takes index `position` in the brand's order; answers the brand's properties in order. */
    moveCustomMetadataProperty: t.field({
      type: [Property],
      args: { id: t.arg.id({ required: true }), position: t.arg.int({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const id = propertyId(args.id);
        return (await op.moveProperty(ctx.db, actor, id, parse(moveMetadataPropertyBodySchema, { position: args.position }))).properties;
      },
    }),
  }));
}
