/** What this page embeds, read once from its own URL (the SDK appends uid, language, formatLocale, isMobile). */
export type EmbedKind = 'report' | 'dashboard' | 'tile' | 'qna' | 'rdl';

export interface EmbedContext {
  kind: EmbedKind | null;
  uid: string | undefined;
  reportId: string | undefined;
  dashboardId: string | undefined;
  tileId: string | undefined;
  groupId: string | undefined;
  language: 'es' | 'en';
  formatLocale: string;
  isMobile: boolean;
}

const KIND_BY_PATH: Record<string, EmbedKind> = {
  '/reportembed': 'report',
  '/dashboardembed': 'dashboard',
  '/embed': 'tile',
  '/qnaembed': 'qna',
  '/rdlembed': 'rdl',
};

export function readEmbedContext(location: { pathname: string; search: string }): EmbedContext {
  const params = new URLSearchParams(location.search);
  const path = location.pathname.replace(/\/+$/, '').toLowerCase();
  const language = (params.get('language') ?? 'es').toLowerCase().startsWith('en') ? 'en' : 'es';
  return {
    kind: KIND_BY_PATH[path] ?? null,
    uid: params.get('uid') ?? undefined,
    reportId: params.get('reportId') ?? undefined,
    dashboardId: params.get('dashboardId') ?? undefined,
    tileId: params.get('tileId') ?? undefined,
    groupId: params.get('groupId') ?? undefined,
    language,
    formatLocale: params.get('formatLocale') ?? (language === 'en' ? 'en-US' : 'es-ES'),
    isMobile: params.get('isMobile') === 'true',
  };
}
