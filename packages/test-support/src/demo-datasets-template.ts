/**
 * The demo's generated DuckDB files, made once and copied into every test BI service's fresh
 * DATA_DIR. A BI service with the demo on generates its datasets on first start (a million sales
 * rows: 8–18 s of two cores, more than the rest of its start) and reuses files whose generator
 * stamp matches on later starts (`apps/bi-service/demo/demo-datasets.ts`). A test product that
 * starts with the template's files takes that second path, as a restarted deployment does.
 *
 * The template is made by the real BI service, started on a throw-away DATA_DIR and stopped, so
 * nothing here knows how the demo is generated. Its name holds a hash of the demo's sources: a
 * changed generator gets a new template, never a stale one. Processes that race to make it each
 * make one, and the first rename wins.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a BI service keeps its dataset files under its DATA_DIR. */
const datasetsUnder = (dataDir: string) => join(dataDir, 'bi', 'datasets');

/** A hash of every source file of the demo plug-in: its generators and their constants. */
function demoSourcesHash(repoRoot: string): string {
  const demoDir = join(repoRoot, 'apps', 'bi-service', 'demo');
  const hash = createHash('sha256');
  for (const name of readdirSync(demoDir).sort()) {
    hash.update(name);
    hash.update(readFileSync(join(demoDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Starts a BI service with the demo on this DATA_DIR, waits until it is healthy, stops it. */
export type DemoStart = (dataDir: string) => Promise<void>;

/**
 * Puts the demo's dataset files into `dataDir` (a fresh DATA_DIR that has none), making the
 * template first with `startOnce` if this checkout has none for the current demo sources.
 */
export async function seedDemoDatasets(
  repoRoot: string,
  dataDir: string,
  startOnce: DemoStart,
): Promise<void> {
  if (existsSync(datasetsUnder(dataDir))) return;
  const template = join(
    repoRoot,
    'node_modules',
    '.cache',
    'vitrina-demo-datasets',
    demoSourcesHash(repoRoot),
  );
  if (!existsSync(template)) await makeTemplate(template, startOnce);
  // The BI service keeps its files private: its directories are the owner's alone.
  mkdirSync(datasetsUnder(dataDir), { recursive: true, mode: 0o700 });
  cpSync(template, datasetsUnder(dataDir), { recursive: true });
}

async function makeTemplate(template: string, startOnce: DemoStart): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'vitrina-demo-template-'));
  try {
    await startOnce(scratch);
    mkdirSync(join(template, '..'), { recursive: true });
    try {
      renameSync(datasetsUnder(scratch), template);
    } catch (error) {
      // Another process made the same template first: theirs is as good as ours.
      if (!existsSync(template)) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
