import { modules } from '../modules/index.js';
import { builder } from './builder.js';
import { uploadScalar } from './uploads.js';

uploadScalar();
for (const module of modules) module.graphql?.();

/** The one GraphQL schema: every module's types and fields, added by its manifest. */
export const schema = builder.toSchema();
