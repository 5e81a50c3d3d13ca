/** The paginated report on screen: title, one page of the table, and page navigation. */
import { useEffect } from 'react';
import type { Cell } from '../api/types.ts';
import { useStore } from '../state/store.ts';
import type { PaginatedView } from './paginated-types.ts';

export function PaginatedReport({ view }: { view: PaginatedView }) {
  const state = useStore(view.store);
  const { messages, format } = view.session;
  const definition = view.report.definition;
  const rows = state.result?.rows ?? [];
  const pageSize = Math.max(1, definition.rowsPerPage);
  const pageCount = view.pageCount;

  useEffect(() => {
    if (state.result) {
      const frame = requestAnimationFrame(() => view.session.emit('rendered', null));
      return () => cancelAnimationFrame(frame);
    }
  }, [state.result, view]);

  const pages = state.printing ? Array.from({ length: pageCount }, (_, i) => i) : [state.pageIndex];
  const cell = (value: Cell, index: number) => {
    const column = state.result?.columns[index];
    return format.value(value, column?.type, definition.columns[index]?.format ?? column?.format);
  };
  return (
    <div className="paginated">
      {state.error && (
        <div className="visual-error" role="alert">
          {state.error}
        </div>
      )}
      {pages.map((pageIndex) => (
        <section key={pageIndex} className="paginated-page" data-page-index={pageIndex}>
          <h1>{definition.title}</h1>
          <table>
            <thead>
              <tr>
                {definition.columns.map((c, i) => (
                  <th key={i} style={c.width ? { width: c.width } : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize).map((row, r) => (
                <tr key={r}>
                  {row.map((value, i) => (
                    <td key={i} className={typeof value === 'number' ? 'num' : ''}>
                      {cell(value, i)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <footer className="paginated-footer">
            {messages.page} {pageIndex + 1} {messages.of} {pageCount}
          </footer>
        </section>
      ))}
      {!state.printing && (
        <nav className="paginated-nav">
          <button
            type="button"
            disabled={state.pageIndex === 0}
            onClick={() => view.store.set({ pageIndex: state.pageIndex - 1 })}
          >
            ‹ {messages.previous}
          </button>
          <span>
            {messages.page} {state.pageIndex + 1} {messages.of} {pageCount}
          </span>
          <button
            type="button"
            disabled={state.pageIndex >= pageCount - 1}
            onClick={() => view.store.set({ pageIndex: state.pageIndex + 1 })}
          >
            {messages.next} ›
          </button>
        </nav>
      )}
    </div>
  );
}
