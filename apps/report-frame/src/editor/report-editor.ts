/**
 * Authoring of one loaded report: the mode, the selected visual, the undoable definition and the
 * saves. Every edit goes through `apply`, which records it and shows it at once by writing the
 * definition (and the filters it holds) into the report controller's state.
 */
import type {
  AuthoringReport,
  EmbedAccess,
  PageDefinition,
  ReportDefinition,
} from '@vitrina/bi-model';
import type { FrameFilter } from '../query/filter-types.ts';
import type { ReportController } from '../report/report-controller.ts';
import { visualKey } from '../state/report-state.ts';
import { Store } from '../state/store.ts';
import { createReport, saveReportAs, saveRevision } from './authoring-api.ts';
import { editPage } from './page-edits.ts';
import { EditHistory } from './history.ts';

type EditMode = 'view' | 'edit';

interface EditorState {
  mode: EditMode;
  selected: string | null;
  /** The editor's own Save as dialog is open. */
  saveAsOpen: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export class ReportEditor {
  readonly store: Store<EditorState>;
  private readonly history: EditHistory<ReportDefinition>;
  private readonly controller: ReportController;
  private access: EmbedAccess;

  constructor(
    controller: ReportController,
    access: EmbedAccess | undefined,
    mode: EditMode = 'view',
  ) {
    this.controller = controller;
    this.access = access ?? { accessLevel: 'View' };
    this.history = new EditHistory(controller.state.report.definition);
    this.store = new Store<EditorState>({
      mode,
      selected: null,
      saveAsOpen: false,
      canUndo: false,
      canRedo: false,
    });
  }

  /** The settings' `useCustomSaveAsDialog` (load or updateSettings): Save as asks the host instead. */
  get useCustomSaveAsDialog(): boolean {
    const { settings } = this.controller.state;
    return 'useCustomSaveAsDialog' in settings && settings.useCustomSaveAsDialog === true;
  }

  get canEdit(): boolean {
    return this.access.accessLevel !== 'View';
  }

  get canSaveAs(): boolean {
    return this.access.accessLevel === 'Create' || this.access.allowSaveAs === true;
  }

  /**
   * Asks the BI service again what the current token grants. A host may upgrade a View token
   * with `setAccessToken` (the portal's Editar does), which leaves the grants read at load stale.
   */
  async refreshAccess(): Promise<void> {
    const { id } = this.controller.state.report;
    if (id === '') return;
    const report = await this.controller.client.getReport(id);
    this.access = report.access ?? { accessLevel: 'View' };
  }

  /** A report made by a create embed has no id until its first save. */
  get isNew(): boolean {
    return this.controller.state.report.id === '';
  }

  get hasUnsavedChanges(): boolean {
    return this.history.unsaved;
  }

  get definition(): ReportDefinition {
    return this.history.present;
  }

  get activePage(): PageDefinition | undefined {
    return this.definition.pages.find((p) => p.name === this.controller.state.activePage);
  }

  setMode(mode: EditMode): void {
    this.store.set({ mode, selected: null });
  }

  select(visualName: string | null): void {
    this.store.set({ selected: visualName });
  }

  /** Records one edit of the whole definition. */
  apply(edit: (def: ReportDefinition) => ReportDefinition): void {
    this.history.push(edit(this.history.present));
    this.show();
  }

  /** Records one edit of the active page. */
  applyToPage(edit: (page: PageDefinition) => PageDefinition): void {
    const pageName = this.controller.state.activePage;
    this.apply((def) => editPage(def, pageName, edit));
  }

  undo(): void {
    this.history.undo();
    this.show();
  }

  redo(): void {
    this.history.redo();
    this.show();
  }

  /** Stores a new revision (or, for a new report, creates it) and posts `saved`. */
  async save(): Promise<void> {
    const { report } = this.controller.state;
    if (this.isNew) return this.create(report.name, false);
    const definition = this.history.present;
    const revision = await saveRevision(this.controller.client, report.id, {
      definition,
      baseRevision: report.revision,
    });
    this.adopt(report.id, report.name, revision, definition, false);
  }

  /**
   * A new report under `name`; the frame goes on editing the new one, as Power BI does. A save as
   * is reported as one (`saveAs: true`) even when it is a create embed's first save.
   */
  async saveAs(name: string): Promise<void> {
    if (this.isNew) return this.create(name, true);
    const { report } = this.controller.state;
    const saved = await saveReportAs(this.controller.client, report.id, {
      name,
      definition: this.history.present,
    });
    this.adopt(saved.id, saved.name, saved.revision, this.history.present, true);
  }

  private async create(name: string, saveAs: boolean): Promise<void> {
    const definition = this.history.present;
    const created = await createReport(
      this.controller.client,
      this.controller.state.report.datasetId,
      {
        name,
        definition,
      },
    );
    this.adopt(created.id, created.name, created.revision, definition, saveAs);
  }

  private adopt(
    id: string,
    name: string,
    revision: number,
    definition: ReportDefinition,
    saveAs: boolean,
  ): void {
    const original = this.controller.state.report.id;
    this.history.markSaved();
    this.controller.store.set((s) => ({ report: { ...s.report, id, name, revision, definition } }));
    this.store.set({ saveAsOpen: false });
    const body: Record<string, unknown> = { reportObjectId: id, reportName: name, saveAs };
    if (saveAs && original) body['originalReportObjectId'] = original;
    this.controller.emit('saved', body);
  }

  /** Shows the present definition; the filters it holds are the ones that apply while editing. */
  private show(): void {
    const definition = this.history.present;
    const pages = definition.pages;
    this.controller.store.set((s) => ({
      report: { ...s.report, definition },
      activePage: pages.some((p) => p.name === s.activePage)
        ? s.activePage
        : (pages[0]?.name ?? ''),
      reportFilters: (definition.filters ?? []) as FrameFilter[],
      pageFilters: Object.fromEntries(
        pages.map((p) => [p.name, (p.filters ?? []) as FrameFilter[]]),
      ),
      visualFilters: Object.fromEntries(
        pages.flatMap((p) =>
          p.visuals.map((v) => [visualKey(p.name, v.name), (v.filters ?? []) as FrameFilter[]]),
        ),
      ),
      selection: null,
    }));
    const selected = this.store.get().selected;
    const stillThere = this.activePage?.visuals.some((v) => v.name === selected);
    this.store.set({
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      selected: stillThere ? selected : null,
    });
  }
}

const editors = new WeakMap<ReportController, ReportEditor>();

/** The editor of a loaded report, made on first use with the grants the BI service returned. */
export function editorOf(controller: ReportController): ReportEditor {
  let editor = editors.get(controller);
  if (!editor) {
    const report: Partial<AuthoringReport> = controller.state.report;
    editor = new ReportEditor(controller, report.access);
    editors.set(controller, editor);
  }
  return editor;
}

/** A load config's `viewMode` 1 (Edit) opens the editor at once when the token grants it. */
export function openInMode(controller: ReportController, viewMode: unknown): void {
  const editor = editorOf(controller);
  if (viewMode === 1 && editor.canEdit) editor.setMode('edit');
}

/** A create embed's editor: starts in edit mode with the grants of the dataset's answer. */
export function startCreateEditor(
  controller: ReportController,
  access: EmbedAccess | undefined,
): ReportEditor {
  const editor = new ReportEditor(controller, access, 'edit');
  editors.set(controller, editor);
  return editor;
}
