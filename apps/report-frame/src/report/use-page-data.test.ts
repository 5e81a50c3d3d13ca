// @vitest-environment jsdom
import { act, createElement, memo } from 'react';
import type { VisualData } from '../visuals/visual-data.ts';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { BiClient } from '../api/bi-client.ts';
import type { Query, QueryResult } from '../api/types.ts';
import { createFormatter } from '../i18n/format.ts';
import { messagesFor } from '../i18n/messages.ts';
import { useStore } from '../state/store.ts';
import { basicIn } from '../state/visual-filters.ts';
import { ReportController } from './report-controller.ts';
import { usePageData } from './use-page-data.ts';

/** The BI service's batch as the frame sees it: each query answered when the test says so. */
class HeldBatchClient extends BiClient {
  readonly held: { query: Query; answer: (result: QueryResult) => void }[] = [];

  override queryBatch(_datasetId: string, queries: readonly Query[]): Promise<QueryResult>[] {
    return queries.map(
      (query) => new Promise<QueryResult>((answer) => this.held.push({ query, answer })),
    );
  }
}

const rowsFor = (query: Query): QueryResult => ({
  columns: [...(query.groupBy ?? []), ...(query.measures ?? [])].map((_, i) => ({
    name: `c${i}`,
    type: 'number' as const,
  })),
  rows: [],
  truncated: false,
});

function startReport() {
  const client = new HeldBatchClient('token');
  const emitted: string[] = [];
  const context = {
    messages: messagesFor('es'),
    format: createFormatter('es-ES', ''),
    emit: (name: string) => void emitted.push(name),
  };
  const setup = {
    report: sampleReport,
    pageName: undefined,
    filters: [],
    settings: {},
    renderNow: true,
  };
  const controller = new ReportController(client, setup, context);
  return { client, controller, emitted };
}

const settle = () => act(() => new Promise((done) => setTimeout(done, 50)));

/** Answers every held query with `rows`, then waits until the page shows all of them. */
async function answerAll(
  client: HeldBatchClient,
  shown: () => ReturnType<typeof usePageData>,
  rows: (query: Query) => QueryResult = rowsFor,
) {
  for (const { query, answer } of client.held.splice(0)) answer(rows(query));
  await vi.waitFor(
    async () => {
      await settle();
      expect(shown()?.complete).toBe(true);
    },
    { timeout: 20_000 },
  );
}

/** Renders the hook in a real React root and keeps what it last returned. */
function renderPageData(controller: ReportController) {
  const result: { current: ReturnType<typeof usePageData> } = { current: null };
  function Probe() {
    result.current = usePageData(controller, useStore(controller.store));
    return null;
  }
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  act(() => createRoot(document.createElement('div')).render(createElement(Probe)));
  return result;
}

describe('usePageData', () => {
  it(
    'shows each visual as its rows arrive and posts rendered only once the page is complete',
    {
      timeout: 60_000,
    },
    async () => {
      const { client, controller, emitted } = startReport();
      const result = renderPageData(controller);
      await settle();
      const card = client.held.findIndex(({ query }) => (query.groupBy ?? []).length === 0);
      expect(card).toBeGreaterThanOrEqual(0);
      client.held[card]!.answer(rowsFor(client.held[card]!.query));
      await settle();
      expect(Object.keys(result.current?.data ?? {})).toEqual(['V1']);
      expect(result.current?.complete).toBe(false);
      expect(emitted).not.toContain('rendered');

      for (const { query, answer } of client.held) answer(rowsFor(query));
      // The charts also wait for their chunk (ECharts) before they can be drawn.
      await vi.waitFor(
        async () => {
          await settle();
          expect(result.current?.complete).toBe(true);
        },
        { timeout: 20_000 },
      );
      expect(Object.keys(result.current?.data ?? {}).sort()).toEqual(['V1', 'V2', 'V3', 'V4']);
      await vi.waitFor(async () => {
        await settle();
        expect(emitted).toContain('rendered');
      });
      expect(emitted.filter((name) => name === 'rendered')).toHaveLength(1);
    },
  );

  it(
    'keeps drawing a visual as it was until the rows for its new fields arrive',
    { timeout: 60_000 },
    async () => {
      const { client, controller } = startReport();
      const result = renderPageData(controller);
      await settle();
      await answerAll(client, () => result.current);
      const before = result.current!;
      const bar = before.drawnAs['V4']!;

      // The author drops a second measure on the bar chart (as the editor does: a new definition).
      const withMeasure = {
        ...bar,
        fields: {
          ...bar.fields,
          values: [...(bar.fields.values ?? []), ...(bar.fields.values ?? [])],
        },
      };
      controller.store.set((s) => ({
        report: {
          ...s.report,
          definition: {
            ...s.report.definition,
            pages: s.report.definition.pages.map((page) => ({
              ...page,
              visuals: page.visuals.map((visual) => (visual.name === 'V4' ? withMeasure : visual)),
            })),
          },
        },
      }));
      await settle();
      expect(client.held.length).toBeGreaterThan(0);
      // Its old rows stay with its old definition: nothing is drawn from a mismatched pair.
      expect(result.current?.complete).toBe(false);
      expect(result.current?.drawnAs['V4']).toBe(bar);
      expect(result.current?.data['V4']).toBe(before.data['V4']);

      await answerAll(client, () => result.current);
      expect(result.current?.drawnAs['V4']).toBe(withMeasure);
      expect(result.current?.data['V4']).not.toBe(before.data['V4']);
    },
  );

  it(
    'after a filter redraws only the visuals whose rows changed',
    { timeout: 60_000 },
    async () => {
      const { client, controller } = startReport();
      // Each visual drawn as the page draws it: memoised on its data, counting its renders.
      const renders = new Map<string, number>();
      const CountedVisual = memo(function CountedVisual(props: { name: string; data: VisualData }) {
        renders.set(props.name, (renders.get(props.name) ?? 0) + 1);
        return null;
      });
      const result: { current: ReturnType<typeof usePageData> } = { current: null };
      function Page() {
        result.current = usePageData(controller, useStore(controller.store));
        return Object.entries(result.current?.data ?? {}).map(([name, data]) =>
          createElement(CountedVisual, { key: name, name, data }),
        );
      }
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      act(() => createRoot(document.createElement('div')).render(createElement(Page)));
      await settle();
      await answerAll(client, () => result.current);
      const before = result.current!;
      const drawn = new Map(renders);
      expect([...drawn.keys()].sort()).toEqual(['V1', 'V2', 'V3', 'V4']);

      // A filter: every query is asked again, and only the card's answer differs.
      controller.changeFilters(
        { reportFilters: [basicIn({ table: 'Tienda', column: 'País' }, ['Chile'])] },
        false,
      );
      await settle();
      expect(client.held.length).toBeGreaterThan(0);
      const isCard = (query: Query) => (query.groupBy ?? []).length === 0;
      await answerAll(
        client,
        () => result.current,
        (query) => (isCard(query) ? { ...rowsFor(query), rows: [[42]] } : rowsFor(query)),
      );

      const redrawn = ['V1', 'V2', 'V3', 'V4'].filter(
        (name) => renders.get(name) !== drawn.get(name),
      );
      expect(redrawn).toEqual(['V1']);
      for (const name of ['V2', 'V3', 'V4']) {
        expect(result.current?.data[name]).toBe(before.data[name]);
      }
    },
  );
});
