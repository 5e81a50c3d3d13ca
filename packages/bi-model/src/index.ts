/**
 * The BI contract: Zod schemas and inferred types of everything that crosses between the BI
 * service and the report frame (docs/bi-embed-api.md), and the Power BI REST contract (`./rest`). Filter enums and shapes come from
 * `@vitrina/embed-sdk/protocol`. No DOM, no Node.
 */
export * from './visual-types.ts';
export * from './fields.ts';
export * from './filters.ts';
export * from './query.ts';
export * from './query-batch.ts';
export * from './dataset.ts';
export * from './report.ts';
export * from './number-format.ts';
export * from './visual-format.ts';
export * from './paginated.ts';
export * from './embed.ts';
export * from './authoring.ts';
export * from './rest/index.ts';
