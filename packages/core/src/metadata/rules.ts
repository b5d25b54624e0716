/**
 * Pure rules of custom metadata, used by the server (validation of every write) and by the web forms (decision
 * 0040): a value checked and normalised for its property, a property definition's problems, dependency cycles and
 * whether a dependent property is shown.
 */

/** A stored value: a string (TEXT, LONGTEXT, URL, DATE), a number (NUMBER), an option id (SELECT) or option ids (MULTISELECT). */
export type MetadataValue = string | number | number[];

/** What the value rules need to know of a property. */
export interface MetadataValueProperty {
  type: string;
  options?: readonly { id: number }[];
}

export type MetadataValueCheck = { ok: true; value: MetadataValue | null } | { ok: false; error: string };

const TEXT_MAX = 1_000;
const LONGTEXT_MAX = 20_000;
const URL_MAX = 2_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

const ok = (value: MetadataValue | null): MetadataValueCheck => ({ ok: true, value });
const fail = (error: string): MetadataValueCheck => ({ ok: false, error });

/** Whether `text` (YYYY-MM-DD) names a day that exists (no 2025-02-30). */
export function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function optionId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value)) return Number(value);
  return null;
}

/**
 * Checks `value` for `property` and answers the normalised value, or why it is refused. An empty value (undefined,
 * null, blank text, an empty list) is `{ok: true, value: null}`: the caller decides whether empty is allowed
 * (a required property refuses it). Text is trimmed; a NUMBER may come as a decimal string (form fields); a
 * SELECT takes one option id (or a list of exactly one), a MULTISELECT a list of distinct option ids, each an option of the property.
 */
export function validateMetadataValue(property: MetadataValueProperty, value: unknown): MetadataValueCheck {
  if (value === undefined || value === null) return ok(null);
  switch (property.type) {
    case 'TEXT':
    case 'LONGTEXT': {
      if (typeof value !== 'string') return fail('Must be text');
      const text = property.type === 'TEXT' ? value.trim() : value.replace(/\s+$/, '').replace(/^\s*\n/, '');
      const max = property.type === 'TEXT' ? TEXT_MAX : LONGTEXT_MAX;
      if (text.trim() === '') return ok(null);
      if (text.length > max) return fail(`At most ${max.toLocaleString('en')} characters`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return fail('Must not contain control characters');
      if (property.type === 'TEXT' && /[\r\n]/.test(text)) return fail('Must be one line');
      return ok(text);
    }
    case 'URL': {
      if (typeof value !== 'string') return fail('Must be a link');
      const text = value.trim();
      if (text === '') return ok(null);
      if (text.length > URL_MAX) return fail(`At most ${URL_MAX.toLocaleString('en')} characters`);
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return fail('Must be a link starting with http:// or https://');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('Must be a link starting with http:// or https://');
      if (!url.hostname) return fail('Must be a link starting with http:// or https://');
      return ok(text);
    }
    case 'NUMBER': {
      if (typeof value === 'string') {
        const text = value.trim();
        if (text === '') return ok(null);
        if (!DECIMAL.test(text)) return fail('Must be a number');
        value = Number(text);
      }
      if (typeof value !== 'number') return fail('Must be a number');
      if (!Number.isFinite(value)) return fail('Must be a finite number');
      return ok(Object.is(value, -0) ? 0 : value);
    }
    case 'DATE': {
      if (typeof value !== 'string') return fail('Must be a date (YYYY-MM-DD)');
      const text = value.trim();
      if (text === '') return ok(null);
      if (!DATE.test(text)) return fail('Must be a date (YYYY-MM-DD)');
      if (!isRealDate(text)) return fail('Must be a real date');
      return ok(text);
    }
    case 'SELECT': {
      if (value === '') return ok(null);
      // A one-element list is read as its option (GraphQL sends option ids as a list for both select types).
      const id = optionId(Array.isArray(value) && value.length === 1 ? value[0] : value);
      if (id === null) return fail('Must be one option id');
      if (!(property.options ?? []).some((o) => o.id === id)) return fail(`Not an option of this property: ${id}`);
      return ok(id);
    }
    case 'MULTISELECT': {
      if (!Array.isArray(value)) return fail('Must be a list of option ids');
      const ids: number[] = [];
      for (const item of value) {
        const id = optionId(item);
        if (id === null) return fail('Must be a list of option ids');
        if (ids.includes(id)) return fail(`Option named twice: ${id}`);
        ids.push(id);
      }
      const known = new Set((property.options ?? []).map((o) => o.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length > 0) return fail(`Not an option of this property: ${unknown.join(', ')}`);
      return ok(ids.length === 0 ? null : ids);
    }
    default:
      return fail(`Unknown property type: ${property.type}`);
  }
}

/** The option ids a stored or presented SELECT/MULTISELECT value holds ([] for none or another type). */
export function optionIdsOf(value: MetadataValue | null | undefined): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value;
  return [];
}

/** Two values of one property are equal (MULTISELECT ignoring order). */
export function sameMetadataValue(a: MetadataValue | null, b: MetadataValue | null): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const set = new Set(a);
    return b.every((x) => set.has(x));
  }
  return a === b;
}

/** What a property's definition must satisfy, whether created or updated. */
export interface PropertyDefinition {
  type: string;
  options: readonly { value: string; is_default?: boolean }[];
  default_value?: unknown;
}

/**
 * The problems of a property's definition, by field: a select type needs options, option values are distinct
 * (ignoring case), a SELECT has at most one default option, other types take no options, and a default value fits
 * the type (select types take their defaults from the options instead).
 */
export function checkPropertyDefinition(def: PropertyDefinition): Record<string, string> {
  const problems: Record<string, string> = {};
  const select = def.type === 'SELECT' || def.type === 'MULTISELECT';
  if (select) {
    if (def.options.length === 0) problems.options = `A ${def.type} property needs at least one option`;
    const seen = new Set<string>();
    for (const o of def.options) {
      const key = o.value.toLowerCase();
      if (seen.has(key)) {
        problems.options = `Option values must be distinct: "${o.value}" is there twice`;
        break;
      }
      seen.add(key);
    }
    if (def.type === 'SELECT' && def.options.filter((o) => o.is_default).length > 1 && !problems.options) {
      problems.options = 'A SELECT property has at most one default option';
    }
    if (def.default_value !== undefined && def.default_value !== null) {
      problems.default_value = 'Mark default options with is_default instead';
    }
  } else {
    if (def.options.length > 0) problems.options = `A ${def.type} property has no options`;
    if (def.default_value !== undefined) {
      const check = validateMetadataValue({ type: def.type }, def.default_value);
      if (!check.ok) problems.default_value = check.error;
    }
  }
  return problems;
}

/** A property as the dependency rules see it. */
export interface DependencyNode {
  id: number;
  dependency: { property_id: number } | null;
}

/**
 * Whether making `propertyId` depend on `dependsOn` closes a cycle: `dependsOn` is the property itself, or
 * (following each property's dependency) leads back to it. `propertyId` null = a property not created yet (no cycle).
 */
export function dependencyCycle(properties: readonly DependencyNode[], propertyId: number | null, dependsOn: number | null): boolean {
  if (dependsOn === null || propertyId === null) return false;
  const byId = new Map(properties.map((p) => [p.id, p]));
  const seen = new Set<number>();
  let current: number | null = dependsOn;
  while (current !== null && !seen.has(current)) {
    if (current === propertyId) return true;
    seen.add(current);
    current = byId.get(current)?.dependency?.property_id ?? null;
  }
  return false;
}

/** The properties `propertyId` may not depend on (those that would close a cycle, and itself). */
export function forbiddenDependeeIds(properties: readonly DependencyNode[], propertyId: number): number[] {
  return properties.filter((p) => dependencyCycle(properties, propertyId, p.id)).map((p) => p.id);
}

/** A property as `isPropertyShown` sees it. */
export interface ShownNode {
  id: number;
  dependency: { property_id: number; property_option_ids: readonly number[] } | null;
}

/**
 * Whether a property is shown given an asset's values (property id → value): one without a dependency always is;
 * a dependent one only when its dependee holds one of the options named. With `properties`, the dependee must
 * itself be shown (a chain hides from where it breaks).
 */
export function isPropertyShown(
  property: ShownNode,
  values: ReadonlyMap<number, MetadataValue | null> | Readonly<Record<number, MetadataValue | null | undefined>>,
  properties?: readonly ShownNode[],
): boolean {
  const get = (id: number) => (values instanceof Map ? values.get(id) : (values as Record<number, MetadataValue | null | undefined>)[id]);
  const byId = properties ? new Map(properties.map((p) => [p.id, p])) : null;
  const seen = new Set<number>();
  let node: ShownNode | undefined = property;
  while (node?.dependency) {
    if (seen.has(node.id)) return false;
    seen.add(node.id);
    const held = optionIdsOf(get(node.dependency.property_id) ?? null);
    if (!held.some((id) => node?.dependency?.property_option_ids.includes(id))) return false;
    if (!byId) return true;
    node = byId.get(node.dependency.property_id);
  }
  return true;
}
