/**
 * Immutable copies of datasets for the read-only query workers (decision 0308). DuckDB lets a
 * file be open read-write in one process or read-only in several, never both, and the writer
 * keeps each dataset's own file open; so the workers read published copies instead.
 *
 * A copy is made when a page needs a version no copy holds yet, never on the write path: one
 * copy at a time per store, and a page asking while one is being made takes that one (at most
 * the writes of one copy behind, as a reader that asked a moment earlier). Each copy is counted
 * while pages read it; one that is neither of the newest two and is read by no page is retired
 * (the workers let it go, then the file is removed).
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetStore } from './dataset-store.ts';

export interface Snapshot {
  /** The copy's name in the directory: what a worker is told to open (read-only). */
  readonly name: string;
  /** The copy's file here. */
  readonly file: string;
  /** The store's version the copy was started at: the result cache's key for its answers. */
  readonly version: number;
}

/** A snapshot lent to one page; `release` once its answers are in. */
export interface SnapshotLease extends Snapshot {
  release(): void;
}

interface Copy extends Snapshot {
  readers: number;
}

interface StoreCopies {
  id: number;
  /** Oldest first; the last one is the newest finished copy. */
  copies: Copy[];
  making?: Promise<Copy>;
}

/** Kept even with no page reading them: the newest and the one before (pages still answered from it). */
const KEPT_COPIES = 2;

export class PublishedSnapshots {
  private readonly stores = new WeakMap<DatasetStore, StoreCopies>();
  private nextStoreId = 0;
  private readonly directory: string;
  private readonly retire: (name: string) => void;

  /**
   * `directory` is emptied: copies belong to one run of the service (store versions start again
   * at each start). `retire` is told a copy's name before its file goes, so workers can close it.
   */
  constructor(directory: string, retire: (name: string) => void) {
    this.directory = directory;
    this.retire = retire;
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
  }

  /**
   * A copy of `store` at version `atLeast` or newer, held until released: the newest copy when it
   * is new enough, else the one being made if that is, else a new one.
   */
  async lease(store: DatasetStore, atLeast = store.version): Promise<SnapshotLease> {
    const copies = this.copiesOf(store);
    let copy = copies.copies.at(-1);
    // A copy started later than `atLeast` was read is new enough: versions only go up.
    while (!copy || copy.version < atLeast)
      copy = await (copies.making ?? this.make(store, copies));
    copy.readers += 1;
    let released = false;
    return {
      name: copy.name,
      file: copy.file,
      version: copy.version,
      release: () => {
        if (released) return;
        released = true;
        copy.readers -= 1;
        this.retireUnread(copies);
      },
    };
  }

  private copiesOf(store: DatasetStore): StoreCopies {
    let copies = this.stores.get(store);
    if (!copies) {
      copies = { id: this.nextStoreId++, copies: [] };
      this.stores.set(store, copies);
    }
    return copies;
  }

  private make(store: DatasetStore, copies: StoreCopies): Promise<Copy> {
    const version = store.version;
    const name = `${copies.id}-${version}.duckdb`;
    const file = join(this.directory, name);
    // Written under another name and renamed, so no worker ever opens half a copy.
    const making = `${file}.making`;
    const made = store
      .copyTo(making)
      .then(() => {
        renameSync(making, file);
        const copy: Copy = { name, file, version, readers: 0 };
        copies.copies.push(copy);
        return copy;
      })
      .catch((error: unknown) => {
        rmSync(making, { force: true });
        throw error;
      })
      .finally(() => {
        delete copies.making;
      });
    copies.making = made;
    return made;
  }

  private retireUnread(copies: StoreCopies): void {
    const older = copies.copies.slice(0, -KEPT_COPIES);
    for (const copy of older.filter(({ readers }) => readers === 0)) {
      copies.copies.splice(copies.copies.indexOf(copy), 1);
      this.retire(copy.name);
      rmSync(copy.file, { force: true });
    }
  }
}
