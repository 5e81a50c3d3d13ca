import { LayoutType, TokenType, type EmbedConfig } from '../../../lib/embed-service.ts';
import type { ReportView, ViewerReport } from '../../../lib/models.ts';

/** Settings for every embed: our own Spanish error area replaces the frame's error pages. */
export function embedSettings(mobile: boolean) {
  return {
    layoutType: mobile ? LayoutType.MobilePortrait : LayoutType.Master,
    hideErrors: true,
    filterPaneEnabled: !mobile,
    navContentPaneEnabled: true,
    localeSettings: { language: 'es', formatLocale: 'es' },
  };
}

/**
 * The embed config for what `viewer/report/{uid}` returned: a report or a dashboard; a report
 * opens with `view` when given (a subscription's filters and bookmark state, its first page).
 */
export function embedConfig(report: ViewerReport, mobile: boolean, view?: ReportView): EmbedConfig {
  const common = {
    id: report.reportId,
    groupId: report.groupId,
    embedUrl: report.embedUrl,
    accessToken: report.accessToken,
    tokenType: TokenType.Embed,
  };
  if (report.type === 'dashboard')
    return { ...common, type: 'dashboard', pageView: mobile ? 'oneColumn' : 'fitToWidth' };
  return {
    ...common,
    type: 'report',
    settings: embedSettings(mobile),
    ...(view?.pages[0] ? { pageName: view.pages[0] } : {}),
    ...(view?.bookmarkState ? { bookmark: { state: view.bookmarkState } } : {}),
  };
}
