/** `/report/create`: an empty report on a dataset, in edit mode; its first save makes it a report. */
import type { EmbedReport, ReportDefinition, ReportTheme } from '@vitrina/bi-model';
import type { FrameSession } from '../embed/session.ts';
import { isRecord } from '../lib/is-record.ts';
import { ReportController } from '../report/report-controller.ts';
import { applyThemeJson } from '../report/theme.ts';
import { baseTheme } from '../state/report-state.ts';
import type { Authoring } from './authoring.ts';
import { getDataset } from './authoring-api.ts';
import { editorMessagesFor } from './editor-messages.ts';
import { emptyReport } from './page-edits.ts';

interface CreateRequest {
  uid: string | undefined;
  datasetId: string;
  accessToken: string;
  /** The create config's `theme.themeJson`, if the host gave one. */
  themeJson?: unknown;
}

/**
 * A new report is saved with its theme, as the demo reports are: the host's theme laid over the
 * default one, so every visual added takes the theme's colours and keeps them once saved.
 */
function withTheme<R extends EmbedReport & { definition: ReportDefinition }>(
  report: R,
  themeJson: unknown,
): R {
  const theme = applyThemeJson(baseTheme(report), themeJson);
  const named = isRecord(themeJson) && typeof themeJson['name'] === 'string';
  const saved: ReportTheme = {
    name: named ? String(themeJson['name']) : 'Default',
    dataColors: theme.dataColors,
    background: theme.background,
    foreground: theme.foreground,
    tableAccent: theme.tableAccent,
  };
  return { ...report, definition: { ...report.definition, theme: saved } };
}

export function loadCreate(
  session: FrameSession,
  authoring: Authoring,
  request: CreateRequest,
): Promise<void> {
  const texts = editorMessagesFor(session.context.language);
  const load = {
    kind: 'report' as const,
    uid: request.uid,
    config: request,
    frontload: false,
    hideErrors: false,
  };
  return session.runLoad(load, async (client) => {
    const { dataset, access } = await getDataset(client, request.datasetId);
    const controller = new ReportController(
      client,
      {
        report: withTheme(
          {
            id: '',
            name: texts.newReportName,
            datasetId: request.datasetId,
            reportType: 'PowerBIReport',
            revision: 0,
            definition: emptyReport(texts.pageName(1)),
            dataset,
          },
          request.themeJson,
        ),
        pageName: undefined,
        filters: [],
        settings: {},
        renderNow: true,
      },
      session,
    );
    // A theme font is not part of the saved theme: it applies to this session, as at load.
    if (request.themeJson) controller.applyTheme(request.themeJson);
    authoring.startCreate(controller, access ?? { accessLevel: 'Create' });
    return { screen: { kind: 'report', controller } };
  });
}
