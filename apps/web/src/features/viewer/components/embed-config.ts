import { LayoutType, TokenType, type EmbedConfig } from '../../../lib/embed-service.ts';
import type { ViewerReport } from '../../../lib/models.ts';

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

/** The embed config for what `viewer/report/{uid}` returned: a report or a dashboard. */
export function embedConfig(report: ViewerReport, mobile: boolean): EmbedConfig {
  const common = {
    id: report.reportId,
    groupId: report.groupId,
    embedUrl: report.embedUrl,
    accessToken: report.accessToken,
    tokenType: TokenType.Embed,
  };
  if (report.type === 'dashboard')
    return { ...common, type: 'dashboard', pageView: mobile ? 'oneColumn' : 'fitToWidth' };
  return { ...common, type: 'report', settings: embedSettings(mobile) };
}
