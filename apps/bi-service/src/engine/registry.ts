/** The datasets this service can query, by id: each one's model (for planning) and store (for running). */
import type { DatasetSchema } from '@vitrina/bi-model';
import { DatasetModel } from './dataset-model.ts';
import type { DatasetStore } from './dataset-store.ts';
import { toDatasetSchema } from './model.ts';

/** Where the service finds datasets: their schema (for the frame) and, to query, the loaded store. */
export interface DatasetSource {
  schema(datasetId: string): DatasetSchema | undefined;
  get?(datasetId: string): LoadedDataset | undefined;
  /** The ids it can answer for, where it can list them. */
  ids?(): string[];
}

export interface LoadedDataset {
  model: DatasetModel;
  store: DatasetStore;
  /**
   * Goes up with every write to the dataset (0 for datasets that never change, like the demo's);
   * a mirror of the counter the metadata keeps for datasets filled at run time.
   */
  version: number;
}

export class DatasetRegistry {
  private readonly datasets = new Map<string, LoadedDataset>();

  /** Registers a store; `definition` lets a second model (other roles) share the same tables. */
  add(store: DatasetStore, definition = store.definition, version = 0): void {
    const replaced = this.datasets.get(definition.id)?.store;
    if (replaced && replaced !== store) store.continueVersionsAfter(replaced);
    else if (replaced === store) store.modelChanged();
    this.datasets.set(definition.id, { model: new DatasetModel(definition), store, version });
  }

  /** Records a write that changed the data but not the definition. */
  setVersion(id: string, version: number): void {
    const dataset = this.datasets.get(id);
    if (dataset) dataset.version = version;
  }

  get(id: string): LoadedDataset | undefined {
    return this.datasets.get(id);
  }

  /** The schema the frame reads with a report (docs/bi-embed-api.md `DatasetSchema`). */
  schema(id: string): DatasetSchema | undefined {
    const dataset = this.datasets.get(id);
    return dataset ? toDatasetSchema(dataset.model.definition) : undefined;
  }

  /** Forgets a dataset and closes its store unless another registered definition shares it. */
  remove(id: string): void {
    const dataset = this.datasets.get(id);
    if (!dataset) return;
    this.datasets.delete(id);
    const shared = [...this.datasets.values()].some(({ store }) => store === dataset.store);
    if (!shared) dataset.store.close();
  }

  ids(): string[] {
    return [...this.datasets.keys()];
  }

  close(): void {
    const stores = new Set([...this.datasets.values()].map(({ store }) => store));
    for (const store of stores) store.close();
    this.datasets.clear();
  }
}
