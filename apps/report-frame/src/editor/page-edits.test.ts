import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import {
  addPage,
  deletePage,
  duplicatePage,
  emptyReport,
  movePage,
  renamePage,
} from './page-edits.ts';

const def = sampleReport.definition;
const names = (d: typeof def) => d.pages.map((p) => p.name);

describe('page edits', () => {
  it('adds a page with an unused name, at the end', () => {
    const next = addPage(def, 'Página 3');
    expect(next.pages).toHaveLength(def.pages.length + 1);
    const added = next.pages.at(-1)!;
    expect(added.displayName).toBe('Página 3');
    expect(names(def)).not.toContain(added.name);
    expect(added.visuals).toEqual([]);
  });

  it('renames, ignoring a blank name', () => {
    const first = def.pages[0]!.name;
    expect(renamePage(def, first, '  Resumen ').pages[0]!.displayName).toBe('Resumen');
    expect(renamePage(def, first, '   ')).toBe(def);
  });

  it('reorders within the list', () => {
    const [a, b] = names(def);
    expect(names(movePage(def, a!, 1)).slice(0, 2)).toEqual([b, a]);
    expect(movePage(def, a!, -1)).toBe(def);
  });

  it('duplicates next to the source with copies of its visuals, and deletes but never the last page', () => {
    const source = def.pages[0]!;
    const next = duplicatePage(def, source.name, '(copia)');
    const copy = next.pages[1]!;
    expect(copy.displayName).toBe(`${source.displayName} (copia)`);
    expect(copy.visuals.map((v) => v.name)).toEqual(source.visuals.map((v) => v.name));
    expect(copy.visuals[0]).not.toBe(source.visuals[0]);
    expect(names(deletePage(next, copy.name))).toEqual(names(def));
    const single = emptyReport('Página 1');
    expect(deletePage(single, 'ReportSection1')).toBe(single);
  });
});
