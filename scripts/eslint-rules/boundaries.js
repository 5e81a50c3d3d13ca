/**
 * ESLint rule `vitrina/boundaries`: keeps the architecture's import directions true.
 * Each zone names files (`from`, a folder relative to the repo root) and what they may not import
 * (`disallow`: folders relative to the repo root, or package names such as `@vitrina/server`).
 * A zone with `allow` (package names or folders) may import nothing else outside its own folder.
 * The special zone option `featureIsolation` forbids a file in `<from>/<feature>/` from importing
 * any sibling feature folder.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

const toPosix = (path) => path.split(sep).join('/');
const isInside = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** The repo-relative path an import resolves to, or the bare specifier for packages. */
function resolveImport(filename, specifier) {
  if (!specifier.startsWith('.')) return specifier;
  return toPosix(relative(repoRoot, resolve(dirname(filename), specifier)));
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            from: { type: 'string' },
            disallow: { type: 'array', items: { type: 'string' } },
            allow: { type: 'array', items: { type: 'string' } },
            featureIsolation: { type: 'boolean' },
            message: { type: 'string' },
          },
          required: ['from'],
        },
      },
    ],
  },
  create(context) {
    const zones = context.options[0] ?? [];
    const file = toPosix(relative(repoRoot, context.filename));
    const active = zones.filter((zone) => isInside(file, zone.from));
    if (active.length === 0) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = resolveImport(context.filename, specifier);
      for (const zone of active) {
        const hit = (zone.disallow ?? []).find(
          (banned) => isInside(target, banned) || target.startsWith(`${banned}/`),
        );
        if (hit) {
          context.report({ node, message: zone.message ?? `${zone.from} may not import ${hit}` });
          continue;
        }
        if (zone.allow && !isInside(target, zone.from)) {
          const allowed = zone.allow.some((name) => isInside(target, name));
          if (!allowed) {
            context.report({
              node,
              message: zone.message ?? `${zone.from} may not import ${target}`,
            });
            continue;
          }
        }
        if (zone.featureIsolation && isInside(target, zone.from)) {
          const ownFeature = file.slice(zone.from.length + 1).split('/')[0];
          const targetFeature = target.slice(zone.from.length + 1).split('/')[0];
          if (ownFeature !== targetFeature) {
            context.report({
              node,
              message: `feature "${ownFeature}" may not import feature "${targetFeature}"; compose them in src/app`,
            });
          }
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
