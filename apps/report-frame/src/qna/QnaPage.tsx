/** The Q&A box: a question field (interactive mode) and the answer drawn as a visual. */
import { useEffect, useState } from 'react';
import { useViewport } from '../report/use-viewport.ts';
import { useStore } from '../state/store.ts';
import { ServicesContext } from '../visuals/services.ts';
import { VisualBody } from '../visuals/VisualBody.tsx';
import type { QnaView } from './qna-view.ts';

export function QnaPage({ view }: { view: QnaView }) {
  const state = useStore(view.store);
  const [draft, setDraft] = useState(state.question);
  const [ref, size] = useViewport<HTMLDivElement>();
  const { messages } = view.session;

  useEffect(() => setDraft(state.question), [state.question]);
  useEffect(() => {
    const answer = state.answer;
    if (!answer) return;
    const frame = requestAnimationFrame(() =>
      view.session.emit('visualRendered', {
        question: answer.question,
        normalizedQuestion: answer.visual.title,
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, [state.answer, view]);

  return (
    <div className="qna">
      {view.interactive && (
        <form
          className="qna-ask"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) void view.ask(draft.trim());
          }}
        >
          <input
            aria-label={messages.askQuestion}
            placeholder={messages.askQuestion}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit">{messages.ask}</button>
        </form>
      )}
      {state.answer && <h2 className="qna-title">{state.answer.visual.title}</h2>}
      {state.error && (
        <div className="visual-error" role="alert">
          {state.error}
        </div>
      )}
      <div className="qna-answer" ref={ref} data-visual-type={state.answer?.visual.type}>
        {state.answer && size.width > 0 && (
          <ServicesContext.Provider value={view}>
            <VisualBody
              visual={state.answer.visual}
              schema={{ id: view.datasetId, name: '', tables: [] }}
              data={state.answer.data}
              width={size.width}
              height={size.height}
              drillDepth={0}
              selectedValues={[]}
              sort={undefined}
              slicerFilters={[]}
            />
          </ServicesContext.Provider>
        )}
      </div>
    </div>
  );
}
