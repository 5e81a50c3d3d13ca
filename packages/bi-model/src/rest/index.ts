/**
 * The Power BI REST contract (`@vitrina/bi-model/rest`): Zod schemas and inferred types of every
 * request and answer that crosses between a REST caller (the portal) and the BI service, bundled
 * or Power BI itself. Zod only, so the portal's own contract can take its lists from here.
 */
export * from './value-list.ts';
export * from './errors.ts';
export * from './workspaces.ts';
export * from './datasets.ts';
export * from './embed-tokens.ts';
export * from './imports.ts';
export * from './push-datasets.ts';
export * from './execute-queries.ts';
export * from './roles.ts';
export * from './postgres-sources.ts';
export * from './exports.ts';
