/** The page tabs along the bottom of the report (hidden pages are left out in view mode). */
import type { ReportViewState } from '../state/report-state.ts';

interface Props {
  state: ReportViewState;
  label: string;
  onSelect(name: string): void;
}

export function PageNavigation({ state, label, onSelect }: Props) {
  const pages = state.report.definition.pages.filter((p) => p.visibility !== 1);
  return (
    <nav className="page-nav" aria-label={label}>
      {pages.map((page) => (
        <button
          key={page.name}
          type="button"
          className="page-tab"
          aria-current={page.name === state.activePage ? 'page' : undefined}
          onClick={() => onSelect(page.name)}
        >
          {page.displayName}
        </button>
      ))}
    </nav>
  );
}
