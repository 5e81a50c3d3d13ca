/** The frame's screen: waiting, loading, an error, or what was loaded. */
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { AuthoringView } from './editor/AuthoringView.tsx';
import type { FrameSession } from './embed/session.ts';
import { PaginatedReport } from './paginated/PaginatedReport.tsx';
import { QnaPage } from './qna/QnaPage.tsx';
import { useStore } from './state/store.ts';

export function App({ session }: { session: FrameSession }) {
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
        <AuthoringView
          key={screen.controller.state.report.id + session.loadNumber}
          session={session}
          controller={screen.controller}
        />
      );
    case 'dashboard':
      return <DashboardPage view={screen.view} />;
    case 'paginated':
      return <PaginatedReport view={screen.view} />;
    case 'qna':
      return <QnaPage view={screen.view} />;
  }
}
