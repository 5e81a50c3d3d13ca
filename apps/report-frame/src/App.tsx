/** The frame's screen: waiting, loading, an error, or what was loaded. */
import { lazy, Suspense } from 'react';
import type { EditorChunk } from './editor-chunk.ts';
import type { FrameSession } from './embed/session.ts';
import type { ReportController } from './report/report-controller.ts';
import { ReportView } from './report/ReportView.tsx';
import { useStore } from './state/store.ts';

// Dashboards, paginated reports and Q&A load on demand: a report embed never fetches them.
const DashboardPage = lazy(() =>
  import('./dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const PaginatedReport = lazy(() =>
  import('./paginated/PaginatedReport.tsx').then((m) => ({ default: m.PaginatedReport })),
);
const QnaPage = lazy(() => import('./qna/QnaPage.tsx').then((m) => ({ default: m.QnaPage })));

/** A report: its reading view, or, once the editor chunk is there, the view with its editor. */
function ReportScreen({
  session,
  editor,
  controller,
}: {
  session: FrameSession;
  editor: EditorChunk;
  controller: ReportController;
}) {
  const { loaded } = useStore(editor.store);
  if (loaded)
    return (
      <loaded.AuthoringView
        session={session}
        authoring={loaded.authoring}
        controller={controller}
      />
    );
  return (
    <ReportView
      controller={controller}
      isMobileUrl={session.context.isMobile}
      onSetPage={(name) => controller.showPage(name)}
    />
  );
}

export function App({ session, editor }: { session: FrameSession; editor: EditorChunk }) {
  const { screen } = useStore(session.screen);
  const { messages } = session;
  switch (screen.kind) {
    case 'idle':
      return null;
    case 'loading':
      return (
        <div className="loading" role="status">
          <div className="spinner" aria-hidden="true" />
          {messages.loading}
        </div>
      );
    case 'error':
      if (screen.hidden) return null;
      return (
        <div className="frame-error" role="alert" data-error-code={screen.code}>
          <h1>{messages.errorTitle}</h1>
          <p>{screen.message}</p>
        </div>
      );
    case 'report':
      return (
        <ReportScreen
          key={screen.controller.state.report.id + session.loadNumber}
          session={session}
          editor={editor}
          controller={screen.controller}
        />
      );
    case 'dashboard':
      return (
        <Suspense fallback={null}>
          <DashboardPage view={screen.view} />
        </Suspense>
      );
    case 'paginated':
      return (
        <Suspense fallback={null}>
          <PaginatedReport view={screen.view} />
        </Suspense>
      );
    case 'qna':
      return (
        <Suspense fallback={null}>
          <QnaPage view={screen.view} />
        </Suspense>
      );
  }
}
