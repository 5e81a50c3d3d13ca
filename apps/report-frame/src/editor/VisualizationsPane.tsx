/** The Visualizations pane: every visual type, the selected visual's wells, its title and format. */
import {
  visualTypes,
  type Aggregation,
  type DataRole,
  type FieldRef,
  type VisualDefinition,
} from '@vitrina/bi-model';
import { useStore } from '../state/store.ts';
import { FIELD_MIME, readDraggedField } from './drag-field.ts';
import type { EditorMessages } from './editor-messages.ts';
import type { ReportEditor } from './report-editor.ts';
import { VisualIcon } from './VisualIcon.tsx';
import { FormatPane } from './format-pane/FormatPane.tsx';
import { CommitField } from './format-pane/controls.tsx';
import {
  addField,
  addVisual,
  changeVisualType,
  formatVisual,
  removeField,
  replaceField,
} from './visual-edits.ts';
import { WELLS } from './wells.ts';
import { editorShapes } from '../api/editor-shapes.ts';
import { aggregationLabel, aggregationsFor } from './aggregations.ts';

/** What the panes of the selected visual receive. */
interface SelectedVisualProps {
  editor: ReportEditor;
  visual: VisualDefinition;
  texts: EditorMessages;
}

/** A well's line: the field's name, and a date level's name after it ("Fecha · Año"). */
const fieldLabel = (field: FieldRef, texts: EditorMessages) => {
  if ('measure' in field) return field.measure;
  if (!('column' in field)) return field.hierarchyLevel;
  return field.datePart ? `${field.column} · ${texts.dateLevels[field.datePart]}` : field.column;
};

function Wells({ editor, visual, texts }: SelectedVisualProps) {
  const edit = editor.applyToPage.bind(editor);
  const schema = editor.controller.state.report.dataset;
  const columnType = (field: FieldRef) =>
    'column' in field
      ? schema.tables
          .find((t) => t.name === field.table)
          ?.columns.find((c) => c.name === field.column)?.dataType
      : undefined;
  const setAggregation = (role: DataRole, index: number, field: FieldRef, value: string) => {
    if (!('column' in field)) return;
    const aggregation = editorShapes.check('Aggregation', value);
    const next = {
      ...field,
      aggregation: aggregation.ok ? (aggregation.value as Aggregation) : undefined,
    };
    if (!aggregation.ok) delete next.aggregation;
    edit((p) => replaceField(p, visual.name, role, index, next));
  };
  return (
    <div className="wells">
      {WELLS[visual.type].map((well) => (
        <div
          key={well.role}
          className="well"
          data-role={well.role}
          onDragOver={(event) =>
            event.dataTransfer.types.includes(FIELD_MIME) && event.preventDefault()
          }
          onDrop={(event) => {
            const field = readDraggedField(event.dataTransfer);
            if (field) edit((p) => addField(p, visual.name, well.role, field, schema));
          }}
        >
          <h3>{texts.roles[well.role]}</h3>
          {(visual.fields[well.role] ?? []).map((field, index) => (
            <div key={index} className="well-field">
              <span>{fieldLabel(field, texts)}</span>
              {'column' in field && !field.datePart && (
                <select
                  aria-label={texts.roles[well.role]}
                  value={field.aggregation ?? ''}
                  onChange={(event) => setAggregation(well.role, index, field, event.target.value)}
                >
                  <option value="">—</option>
                  {aggregationsFor(columnType(field)).map((a) => (
                    <option key={a} value={a}>
                      {aggregationLabel(a, columnType(field), texts)}
                    </option>
                  ))}
                </select>
              )}
              <button
                type="button"
                aria-label={texts.delete}
                onClick={() => edit((p) => removeField(p, visual.name, well.role, index))}
              >
                ×
              </button>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function FormatBasics({ editor, visual, texts }: SelectedVisualProps) {
  const set = (patch: Parameters<typeof formatVisual>[2]) =>
    editor.applyToPage((p) => formatVisual(p, visual.name, patch));
  return (
    <fieldset className="format-basics">
      <legend>{texts.format}</legend>
      <CommitField
        key={visual.name}
        label={texts.title}
        value={visual.title ?? ''}
        parse={(text) => text}
        commit={(title = '') => {
          set({ title });
          return true;
        }}
      />
      <FormatPane editor={editor} visual={visual} texts={texts} />
    </fieldset>
  );
}

export function VisualizationsPane({
  editor,
  texts,
}: {
  editor: ReportEditor;
  texts: EditorMessages;
}) {
  const { selected } = useStore(editor.store);
  const visual = editor.activePage?.visuals.find((v) => v.name === selected);
  const choose = (type: (typeof visualTypes)[number]) => {
    if (visual) return editor.applyToPage((p) => changeVisualType(p, visual.name, type));
    let added = '';
    editor.applyToPage((p) => {
      const result = addVisual(p, type);
      added = result.name;
      return result.page;
    });
    editor.select(added);
  };
  return (
    <section className="editor-pane visualizations-pane" aria-label={texts.visualizations}>
      <h2>{texts.visualizations}</h2>
      <div className="visual-types">
        {visualTypes.map((type) => (
          <button
            key={type}
            type="button"
            title={texts.types[type]}
            aria-label={texts.types[type]}
            data-visual-type={type}
            aria-pressed={visual?.type === type}
            onClick={() => choose(type)}
          >
            <VisualIcon type={type} />
          </button>
        ))}
      </div>
      {visual && <Wells editor={editor} visual={visual} texts={texts} />}
      {visual && <FormatBasics editor={editor} visual={visual} texts={texts} />}
    </section>
  );
}
