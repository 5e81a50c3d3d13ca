/** A query the dataset cannot answer as asked (unknown name, wrong type): HTTP 400 `InvalidRequest`. */
export class QueryError extends Error {
  readonly code = 'InvalidRequest';
}
