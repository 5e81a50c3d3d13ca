/**
 * The authoring side of a frame: the editor of the report on screen. The composition makes one
 * when it has fetched the editor chunk and hands it to the authoring routes, the create load and
 * the authoring view, so that all of them work on the same editor of a loaded report.
 */
import type { AuthoringReport, EmbedAccess } from '@vitrina/bi-model';
import type { ReportController } from '../report/report-controller.ts';
import { ReportEditor } from './report-editor.ts';

export class Authoring {
  /** One report is on screen at a time; a new load brings a new controller, hence a new editor. */
  private current: ReportEditor | null = null;

  /** The editor of a loaded report, made on first use with the grants the BI service returned. */
  editorOf(controller: ReportController): ReportEditor {
    if (this.current?.controller !== controller) {
      const report: Partial<AuthoringReport> = controller.state.report;
      this.current = new ReportEditor(controller, report.access);
    }
    return this.current;
  }

  /** A load config's `viewMode` 1 (Edit) opens the editor at once when the token grants it. */
  openInEditMode(controller: ReportController): void {
    const editor = this.editorOf(controller);
    if (editor.canEdit) editor.setMode('edit');
  }

  /** A create embed's editor: starts in edit mode with the grants of the dataset's answer. */
  startCreate(controller: ReportController, access: EmbedAccess): ReportEditor {
    this.current = new ReportEditor(controller, access, 'edit');
    return this.current;
  }
}
