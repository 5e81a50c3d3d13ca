/** The datasets this service can query, by id: each one's model (for planning) and store (for running). */
import { DatasetModel } from '../query/dataset-model.ts';
import type { DatasetStore } from './dataset-store.ts';
import { toDatasetSchema, type DatasetSchema } from './model.ts';

export interface LoadedDataset {
  model: DatasetModel;
  store: DatasetStore;
}

export class DatasetRegistry {
  private readonly datasets = new Map<string, LoadedDataset>();

  add(store: DatasetStore): void {
    this.datasets.set(store.definition.id, { model: new DatasetModel(store.definition), store });
  }

  get(id: string): LoadedDataset | undefined {
    return this.datasets.get(id);
  }

  /** The schema the frame reads with a report (docs/bi-embed-api.md `DatasetSchema`). */
  schema(id: string): DatasetSchema | undefined {
    const dataset = this.datasets.get(id);
    return dataset ? toDatasetSchema(dataset.store.definition) : undefined;
  }

  ids(): string[] {
    return [...this.datasets.keys()];
  }

  close(): void {
    for (const { store } of this.datasets.values()) store.close();
    this.datasets.clear();
  }
}
