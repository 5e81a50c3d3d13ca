/** `/report/create`: an empty report on a dataset, in edit mode; its first save makes it a report. */
import type { FrameSession } from '../embed/session.ts';
import { ReportController } from '../report/report-controller.ts';
import { getDataset } from './authoring-api.ts';
import { editorMessagesFor } from './editor-messages.ts';
import { emptyReport } from './page-edits.ts';
import { startCreateEditor } from './report-editor.ts';

interface CreateRequest {
  uid: string | undefined;
  datasetId: string;
  accessToken: string;
}

export function loadCreate(session: FrameSession, request: CreateRequest): Promise<void> {
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
        report: {
          id: '',
          name: texts.newReportName,
          datasetId: request.datasetId,
          reportType: 'PowerBIReport',
          revision: 0,
          definition: emptyReport(texts.pageName(1)),
          dataset,
        },
        pageName: undefined,
        filters: [],
        settings: {},
        renderNow: true,
      },
      session,
    );
    startCreateEditor(controller, access ?? { accessLevel: 'Create' });
    return { screen: { kind: 'report', controller } };
  });
}
