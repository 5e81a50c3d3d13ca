/**
 * Authoring of one loaded report: the mode, the selected visual, the undoable definition and the
 * saves. Every edit goes through `apply`, which records it and shows it at once. The definition
 * being edited is the one in the report controller's state, and nowhere else: the history keeps
 * only what undo and redo bring back.
 */
import type { EmbedAccess, PageDefinition, ReportDefinition, SavedReport } from '@vitrina/bi-model';
import type { ReportController } from '../report/report-controller.ts';
import { definitionFilters } from '../state/report-state.ts';
import { Store } from '../state/store.ts';
import { createReport, saveReportAs, saveRevision } from './authoring-api.ts';
import { editPage } from './page-edits.ts';
import { EditHistory } from './history.ts';

type EditMode = 'view' | 'edit';
export type NameDialog = 'save' | 'saveAs';

interface EditorState {
  mode: EditMode;
  selected: string | null;
  /**
   * The editor's own name dialog, when open: Guardar on a new report ('save') or Guardar como
   * ('saveAs'). The host's `save`/`saveAs` calls never open it: `saveAs` brings its name.
   */
  nameDialog: NameDialog | null;
  canUndo: boolean;
  canRedo: boolean;
}

export class ReportEditor {
  readonly store: Store<EditorState>;
  /** The report this editor edits (one editor per loaded report). */
  readonly controller: ReportController;
  private readonly history: EditHistory<ReportDefinition>;
  private access: EmbedAccess;

  constructor(
    controller: ReportController,
    access: EmbedAccess | undefined,
    mode: EditMode = 'view',
  ) {
    this.controller = controller;
    this.access = access ?? { accessLevel: 'View' };
    this.history = new EditHistory({
      get: () => controller.state.report.definition,
      set: (definition) => this.show(definition),
    });
    this.store = new Store<EditorState>({
      mode,
      selected: null,
      nameDialog: null,
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
    return this.controller.state.report.definition;
  }

  get activePage(): PageDefinition | undefined {
    return this.definition.pages.find((p) => p.name === this.controller.state.activePage);
  }

  /**
   * Powerbi-client 2.8 has no mode event, but its service raises every event the frame posts on
   * the embed's container; `viewModeChanged` tells the host when the mode changed, whether by
   * `switchMode` or by the frame's own Vista de lectura (decision 0237).
   */
  setMode(mode: EditMode): void {
    const changed = this.store.get().mode !== mode;
    this.store.set({ mode, selected: null });
    if (changed) this.controller.emit('viewModeChanged', { viewMode: mode });
  }

  select(visualName: string | null): void {
    this.store.set({ selected: visualName });
  }

  /** Records one edit of the whole definition. */
  apply(edit: (def: ReportDefinition) => ReportDefinition): void {
    this.history.push(edit(this.definition));
  }

  /** Records one edit of the active page. */
  applyToPage(edit: (page: PageDefinition) => PageDefinition): void {
    const pageName = this.controller.state.activePage;
    this.apply((def) => editPage(def, pageName, edit));
  }

  undo(): void {
    this.history.undo();
  }

  redo(): void {
    this.history.redo();
  }

  /**
   * Stores a new revision (or, for a new report, creates it under `name`, by default the name it
   * was made with) and posts `saved`.
   */
  async save(name?: string): Promise<void> {
    const { report } = this.controller.state;
    if (this.isNew) return this.create(name ?? report.name, false);
    const { definition } = report;
    const revision = await saveRevision(this.controller.client, report.id, {
      definition,
      baseRevision: report.revision,
    });
    this.adopt({ id: report.id, name: report.name, revision }, definition, false);
  }

  /**
   * A new report under `name`; the frame goes on editing the new one, as Power BI does. A save as
   * is reported as one (`saveAs: true`) even when it is a create embed's first save.
   */
  async saveAs(name: string): Promise<void> {
    if (this.isNew) return this.create(name, true);
    const { id, definition } = this.controller.state.report;
    const saved = await saveReportAs(this.controller.client, id, { name, definition });
    this.adopt(saved, definition, true);
  }

  private async create(name: string, saveAs: boolean): Promise<void> {
    const { datasetId, definition } = this.controller.state.report;
    const created = await createReport(this.controller.client, datasetId, { name, definition });
    this.adopt(created, definition, saveAs);
  }

  /**
   * The saved report becomes the one being edited. `sent` is the definition the save sent: edits
   * made while it was on its way stay unsaved.
   */
  private adopt(
    saved: Pick<SavedReport, 'id' | 'name' | 'revision'>,
    sent: ReportDefinition,
    saveAs: boolean,
  ): void {
    const { id, name, revision } = saved;
    const original = this.controller.state.report.id;
    this.history.markSaved(sent);
    this.controller.store.set((s) => ({ report: { ...s.report, id, name, revision } }));
    this.store.set({ nameDialog: null });
    const body: Record<string, unknown> = { reportObjectId: id, reportName: name, saveAs };
    if (saveAs && original) body['originalReportObjectId'] = original;
    this.controller.emit('saved', body);
  }

  /** Shows a definition; the filters it holds are the ones that apply while editing. */
  private show(definition: ReportDefinition): void {
    const { pages } = definition;
    this.controller.store.set((s) => ({
      report: { ...s.report, definition },
      activePage: pages.some((p) => p.name === s.activePage)
        ? s.activePage
        : (pages[0]?.name ?? ''),
      ...definitionFilters(definition),
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
