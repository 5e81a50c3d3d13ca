/** The Data pane: the dataset's tables, columns and measures, searchable; click adds, drag drops, ⋯ filters. */
import { useState } from 'react';
import type { DatasetSchema, FieldRef } from '../api/types.ts';
import { useStore } from '../state/store.ts';
import { writeDraggedField } from './drag-field.ts';
import type { EditorMessages } from './editor-messages.ts';
import { addFieldToFirstWell, fieldFromPane } from './field-placement.ts';
import { addFilter, type FilterLevel } from './filter-edits.ts';
import type { ReportEditor } from './report-editor.ts';

interface Props {
  editor: ReportEditor;
  schema: DatasetSchema;
  texts: EditorMessages;
}

export function FieldsPane({ editor, schema, texts }: Props) {
  const { selected } = useStore(editor.store);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matches = (name: string) => !needle || name.toLowerCase().includes(needle);

  const add = (field: FieldRef) => {
    if (selected) editor.applyToPage((p) => addFieldToFirstWell(p, selected, field));
  };
  const filterOn = (field: FieldRef, level: FilterLevel) =>
    editor.apply((def) => addFilter(def, level, field, editor.activePage?.name, selected));

  const item = (label: string, field: FieldRef, kind: string) => (
    <li key={label} className={`field-item ${kind}`}>
      <button
        type="button"
        draggable
        onDragStart={(event) => writeDraggedField(event.dataTransfer, field)}
        onClick={() => add(field)}
      >
        {label}
      </button>
      <select
        aria-label={`${texts.addFilterReport}: ${label}`}
        value=""
        onChange={(event) => filterOn(field, event.target.value as FilterLevel)}
      >
        <option value="">⋯</option>
        <option value="report">{texts.addFilterReport}</option>
        <option value="page">{texts.addFilterPage}</option>
        {selected && <option value="visual">{texts.addFilterVisual}</option>}
      </select>
    </li>
  );

  return (
    <section className="editor-pane fields-pane" aria-label={texts.fields}>
      <h2>{texts.fields}</h2>
      <input
        type="search"
        placeholder={texts.searchFields}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {schema.tables.map((table) => {
        const columns = table.columns.filter((c) => matches(c.name));
        const measures = table.measures.filter((m) => matches(m.name));
        if (!matches(table.name) && columns.length + measures.length === 0) return null;
        return (
          <details key={table.name} open={!!needle || schema.tables.length < 4}>
            <summary>{table.name}</summary>
            <ul>
              {measures.map((m) =>
                item(m.name, fieldFromPane(table.name, { measure: m.name }), 'measure'),
              )}
              {columns.map((c) =>
                item(
                  c.name,
                  fieldFromPane(table.name, { column: c.name, dataType: c.dataType }),
                  'column',
                ),
              )}
            </ul>
          </details>
        );
      })}
    </section>
  );
}
