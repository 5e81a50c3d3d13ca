/** Page edits on a report definition: pure functions returning the next definition. */
import type { PageDefinition, ReportDefinition } from '../api/types.ts';

/** A name not yet used: `${prefix}${n}` with the smallest n from 1. */
export function freshName(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

const pageNames = (def: ReportDefinition) => def.pages.map((p) => p.name);

function emptyPage(name: string, displayName: string): PageDefinition {
  return { name, displayName, width: 1280, height: 720, visuals: [] };
}

export function addPage(def: ReportDefinition, displayName: string): ReportDefinition {
  const name = freshName('ReportSection', pageNames(def));
  return { ...def, pages: [...def.pages, emptyPage(name, displayName)] };
}

export function renamePage(
  def: ReportDefinition,
  pageName: string,
  displayName: string,
): ReportDefinition {
  const trimmed = displayName.trim();
  if (!trimmed) return def;
  return {
    ...def,
    pages: def.pages.map((p) => (p.name === pageName ? { ...p, displayName: trimmed } : p)),
  };
}

/** Moves a page by `delta` places (-1 left, +1 right), staying within the list. */
export function movePage(def: ReportDefinition, pageName: string, delta: number): ReportDefinition {
  const from = def.pages.findIndex((p) => p.name === pageName);
  const to = Math.min(def.pages.length - 1, Math.max(0, from + delta));
  if (from < 0 || from === to) return def;
  const pages = [...def.pages];
  const [page] = pages.splice(from, 1);
  pages.splice(to, 0, page!);
  return { ...def, pages };
}

/** A report keeps at least one page, as the contract requires. */
export function deletePage(def: ReportDefinition, pageName: string): ReportDefinition {
  if (def.pages.length <= 1) return def;
  return { ...def, pages: def.pages.filter((p) => p.name !== pageName) };
}

export function duplicatePage(
  def: ReportDefinition,
  pageName: string,
  copySuffix: string,
): ReportDefinition {
  const index = def.pages.findIndex((p) => p.name === pageName);
  const source = def.pages[index];
  if (!source) return def;
  const copy: PageDefinition = {
    ...structuredClone(source),
    name: freshName('ReportSection', pageNames(def)),
    displayName: `${source.displayName} ${copySuffix}`,
  };
  const pages = [...def.pages];
  pages.splice(index + 1, 0, copy);
  return { ...def, pages };
}

/** Applies `edit` to one page; an unknown page leaves the definition as it is. */
export function editPage(
  def: ReportDefinition,
  pageName: string,
  edit: (page: PageDefinition) => PageDefinition,
): ReportDefinition {
  if (!def.pages.some((p) => p.name === pageName)) return def;
  return { ...def, pages: def.pages.map((p) => (p.name === pageName ? edit(p) : p)) };
}

/** A new report's definition: one empty page. */
export function emptyReport(displayName: string): ReportDefinition {
  return { pages: [emptyPage('ReportSection1', displayName)] };
}
