import type { models } from './protocol/index.ts';

/** Something that holds filters: reports, pages, visuals. */
export interface IFilterable {
  getFilters(): Promise<models.IFilter[]>;
  setFilters(filters: models.IFilter[]): Promise<unknown>;
  removeFilters(): Promise<unknown>;
}
