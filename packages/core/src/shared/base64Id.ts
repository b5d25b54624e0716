/** Opaque GraphQL ids: base64 of {"identifier": …, "type": …}. */

export const GRAPHQL_ID_TYPES = [
  'Account',
  'User',
  'Brand',
  'ApiToken',
  'Project',
  'Folder',
  'Asset',
  'File',
  'UserGroup',
  'Guideline',
  'GuidelinePage',
  'PageHeading',
  'Section',
  'Block',
  'Collection',
  'Comment',
  'ShareLink',
  'AssetSubmissionRequest',
  'License',
  'CustomMetadataProperty',
  'CustomMetadataPropertyOption',
  'WorkflowStatus',
  'Notification',
  'ApprovalRequest',
  'WorkflowChecklistPreset',
  'ChecklistItem',
] as const;
export type GraphQLIdType = (typeof GRAPHQL_ID_TYPES)[number];

export class InvalidBase64IdError extends Error {
  constructor() {
    super('Invalid base64Id');
    this.name = 'InvalidBase64IdError';
  }
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(b64: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) throw new InvalidBase64IdError();
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function encodeBase64Id(type: GraphQLIdType, identifier: number | string): string {
  return toBase64(JSON.stringify({ identifier, type }));
}

/** Decodes an id; when `expected` is given the type must match it. */
export function decodeBase64Id(id: string, expected?: GraphQLIdType): { identifier: number | string; type: GraphQLIdType } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64(id));
  } catch {
    throw new InvalidBase64IdError();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidBase64IdError();
  const { identifier, type } = parsed as Record<string, unknown>;
  const validIdentifier =
    (typeof identifier === 'number' && Number.isSafeInteger(identifier)) || (typeof identifier === 'string' && identifier !== '');
  if (!validIdentifier || !(GRAPHQL_ID_TYPES as readonly unknown[]).includes(type)) throw new InvalidBase64IdError();
  if (expected && type !== expected) throw new InvalidBase64IdError();
  return { identifier: identifier as number | string, type: type as GraphQLIdType };
}
