/**
 * A Q&A box over the datasets of the load config: each question goes to the BI service's
 * interpreter, and its answer (a query and a suggested visual) is drawn with real results.
 */
import type { BiClient } from '../api/bi-client.ts';
import type { QnaAnswer, VisualDefinition } from '../api/types.ts';
import type { ViewContext } from '../protocol/view-context.ts';
import type { VisualData } from '../visuals/visual-data.ts';
import { DEFAULT_COLORS, type FrameTheme } from '../state/report-state.ts';
import { Store } from '../state/store.ts';
import type { ViewServices } from '../visuals/services.ts';
import { prepareVisualType } from '../visuals/use-chart-visuals.ts';

export interface QnaState {
  question: string;
  answer: { question: string; visual: VisualDefinition; data: VisualData } | null;
  error: string | null;
  asking: boolean;
}

const THEME: FrameTheme = {
  dataColors: DEFAULT_COLORS,
  background: '#FFFFFF',
  foreground: '#252423',
  tableAccent: DEFAULT_COLORS[0]!,
  fontFamily: "'Segoe UI', 'Helvetica Neue', Arial, sans-serif",
};

/** The visual an answer is drawn with, and the name of the query its renderer reads. */
function answerVisual(answer: QnaAnswer): { visual: VisualDefinition; resultName: string } {
  const [category, series] = answer.query.groupBy;
  const visual: VisualDefinition = {
    name: 'QnaVisual',
    title: answer.title,
    type: answer.visualType,
    layout: { x: 0, y: 0, z: 0, width: 0, height: 0 },
    fields: {
      values: answer.query.measures,
      ...(category ? { category: [category] } : {}),
      ...(series ? { series: [series] } : {}),
    },
  };
  return { visual, resultName: answer.visualType === 'card' ? 'totals' : 'main' };
}

/** Answers are read-only pictures: clicks on them change nothing, so the interaction hooks do nothing. */
export class QnaView implements ViewServices {
  readonly store: Store<QnaState>;
  readonly session: ViewContext;
  readonly datasetId: string;
  readonly interactive: boolean;
  readonly theme = THEME;
  private readonly client: BiClient;

  constructor(client: BiClient, session: ViewContext, datasetId: string, interactive: boolean) {
    this.client = client;
    this.session = session;
    this.datasetId = datasetId;
    this.interactive = interactive;
    this.store = new Store<QnaState>({ question: '', answer: null, error: null, asking: false });
  }

  get messages() {
    return this.session.messages;
  }

  get format() {
    return this.session.format;
  }

  async ask(question: string): Promise<void> {
    this.store.set({ question, asking: true, error: null });
    try {
      const answer = await this.client.qna(this.datasetId, question);
      const { visual, resultName } = answerVisual(answer);
      // The visual's code arrives beside its rows, so `visualRendered` still follows the drawing.
      const [result] = await Promise.all([
        this.client.query(this.datasetId, answer.query),
        prepareVisualType(visual.type),
      ]);
      this.store.set({
        answer: { question, visual, data: { results: { [resultName]: result } } },
        asking: false,
      });
    } catch (error) {
      this.store.set({
        error: error instanceof Error ? error.message : String(error),
        asking: false,
        answer: null,
      });
    }
  }

  select(): void {}
  drill(): void {}
  setSlicer(): void {}
  clickButton(): void {}
  sortBy(): void {}
  exportData(): void {}
  toggleSpotlight(): void {}
  triggerExtension(): void {}
}
