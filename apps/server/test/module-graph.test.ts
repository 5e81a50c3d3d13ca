import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../src/modules');

function moduleOf(file: string): string | undefined {
  const path = relative(modulesDir, file);
  return path.startsWith('..') ? undefined : path.split(sep)[0];
}

/** `from → to` for every relative import (type-only ones included) between two modules. */
function moduleEdges(): Set<string> {
  const edges = new Set<string>();
  const files = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.ts'),
  );
  for (const file of files) {
    const path = join(modulesDir, file);
    const from = moduleOf(path);
    for (const [, target] of readFileSync(path, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = moduleOf(resolve(dirname(path), target!));
      if (from && to && to !== from) edges.add(`${from}→${to}`);
    }
  }
  return edges;
}

/** The module pairs that import each other both ways, as `a↔b` with a < b. */
function twoWayPairs(edges: Set<string>): string[] {
  return [...edges]
    .map((edge) => edge.split('→') as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to}→${from}`))
    .map(([from, to]) => `${from}↔${to}`);
}

describe('portal server module graph', () => {
  it('finds the imports between modules', () => {
    const edges = moduleEdges();
    expect(edges).toContain('viewer→content');
    expect(edges).toContain('sync→accounts');
  });

  it('has no pair of modules importing each other both ways', () => {
    expect(twoWayPairs(moduleEdges())).toEqual([]);
  });

  it('would report a pair importing both ways', () => {
    expect(twoWayPairs(new Set(['a→b', 'b→a', 'b→c']))).toEqual(['a↔b']);
  });
});
