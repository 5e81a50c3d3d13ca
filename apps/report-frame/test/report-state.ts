/** A report view state over the sample report, for unit tests. */
import { baseTheme, type ReportViewState } from '../src/state/report-state.ts';
import { sampleReport } from './sample-report.ts';

export function sampleState(patch: Partial<ReportViewState> = {}): ReportViewState {
  return {
    report: sampleReport,
    activePage: 'ReportSection1',
    reportFilters: [],
    pageFilters: {},
    visualFilters: {},
    slicerFilters: {},
    sorts: {},
    drill: {},
    selection: null,
    spotlight: null,
    settings: {},
    theme: baseTheme(sampleReport),
    presentation: { playing: false, index: 0 },
    dataVersion: 0,
    renderRequested: true,
    ...patch,
  };
}
