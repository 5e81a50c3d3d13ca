/**
 * Path matching for the router, with route-recognizer 0.1.11's rules: `:name` matches one
 * segment, `*name` matches the rest (one or more characters, slashes included), a leading `/` is
 * optional, a trailing `/` is ignored, the path is `decodeURI`d, the query string is split off
 * into `queryParams`, and matching is case-sensitive. When several routes match, the most
 * specific wins regardless of the order they were added in.
 */

export type RouteParams = Record<string, string>;
export type QueryParams = Record<string, string | string[]>;

export interface RouteMatch<THandler> {
  handler: THandler;
  params: RouteParams;
  queryParams: QueryParams;
}

interface CompiledRoute<THandler> {
  handler: THandler;
  pattern: RegExp;
  names: string[];
  specificity: string;
}

/** Per-segment weights: static beats `:param`, which beats `*star`, as in route-recognizer. */
const staticWeight = '4';
const dynamicWeight = '3';
const starWeight = '2';
const emptyWeight = '1';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function normalizePath(path: string): string {
  const withLeadingSlash = path.startsWith('/') ? path : `/${path}`;
  return withLeadingSlash.length > 1 && withLeadingSlash.endsWith('/')
    ? withLeadingSlash.slice(0, -1)
    : withLeadingSlash;
}

function compile<THandler>(path: string, handler: THandler): CompiledRoute<THandler> {
  const names: string[] = [];
  let source = '';
  let specificity = '';
  for (const segment of normalizePath(path).split('/').slice(1)) {
    if (segment.startsWith(':') && segment.length > 1) {
      names.push(segment.slice(1));
      source += '/([^/]+)';
      specificity += dynamicWeight;
    } else if (segment.startsWith('*') && segment.length > 1) {
      names.push(segment.slice(1));
      source += '/(.+)';
      specificity += starWeight;
    } else if (segment === '') {
      specificity += emptyWeight;
    } else {
      source += `/${escapeRegExp(segment)}`;
      specificity += staticWeight;
    }
  }
  return { handler, pattern: new RegExp(`^${source || '/'}$`), names, specificity };
}

/** Longer weight strings are more specific; equal lengths compare digit by digit. */
function moreSpecific(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** `a=1&b&c[]=x&c[]=y` → `{a: '1', b: 'true', c: ['x', 'y']}`. */
export function parseQueryString(query: string): QueryParams {
  const params: QueryParams = {};
  for (const pair of query.split('&')) {
    const [rawKey = '', ...rest] = pair.split('=');
    let key = decodeQueryPart(rawKey);
    if (rest.length === 0) {
      params[key] = 'true';
      continue;
    }
    const value = rest[0] ? decodeQueryPart(rest[0]) : '';
    if (key.length > 2 && key.endsWith('[]')) {
      key = key.slice(0, -2);
      const list = params[key];
      if (Array.isArray(list)) list.push(value);
      else params[key] = [value];
    } else {
      params[key] = value;
    }
  }
  return params;
}

function safeDecodeURI(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export class RouteRecognizer<THandler> {
  readonly #routes: CompiledRoute<THandler>[] = [];

  add(path: string, handler: THandler): void {
    this.#routes.push(compile(path, handler));
  }

  /** The most specific route matching `url`, or undefined when none does. */
  recognize(url: string): RouteMatch<THandler> | undefined {
    const queryStart = url.indexOf('?');
    const queryParams = queryStart === -1 ? {} : parseQueryString(url.slice(queryStart + 1));
    const path = normalizePath(safeDecodeURI(queryStart === -1 ? url : url.slice(0, queryStart)));
    let best: { route: CompiledRoute<THandler>; values: string[] } | undefined;
    for (const route of this.#routes) {
      const match = route.pattern.exec(path);
      if (match && (!best || moreSpecific(route.specificity, best.route.specificity))) {
        best = { route, values: match.slice(1) };
      }
    }
    if (!best) return undefined;
    const { route, values } = best;
    const params: RouteParams = {};
    route.names.forEach((name, index) => (params[name] = values[index] ?? ''));
    return { handler: route.handler, params, queryParams };
  }
}
