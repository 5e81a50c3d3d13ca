/**
 * The query body schema the embed-API routes validate with. The shapes live in @vitrina/bi-model
 * (docs/bi-embed-api.md `Query`); names are checked against the dataset when a query is planned.
 */
export { MAX_QUERY_ROWS, querySchema } from '@vitrina/bi-model';
