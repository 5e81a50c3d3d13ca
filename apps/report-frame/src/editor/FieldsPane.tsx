/** The Data pane: the dataset's tables, columns and measures, searchable; click adds, drag drops, ⋯ filters. */
import { useState } from 'react';
import { DATE_PARTS, isDateType } from '@vitrina/bi-model';
import type { DatasetSchema, FieldRef } from '../api/types.ts';
import { useStore } from '../state/store.ts';
import { writeDraggedField } from './drag-field.ts';
import type { EditorMessages } from './editor-messages.ts';
import { addFieldToFirstWell, fieldFromPane } from './field-placement.ts';
import { addFilter, type FilterField } from './filter-edits.ts';
import { FilterAdder, rankingFields } from './FilterAdder.tsx';
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

  const [filtering, setFiltering] = useState<string | null>(null);
  const visual = editor.activePage?.visuals.find((v) => v.name === selected);

  const add = (field: FieldRef) => {
    if (selected) editor.applyToPage((p) => addFieldToFirstWell(p, selected, field, schema));
  };

  const item = (key: string, label: string, field: FieldRef, filterField: FilterField) => (
    <li key={key} className={`field-item ${'measure' in field ? 'measure' : 'column'}`}>
      <button
        type="button"
        className="field-name"
        draggable
        onDragStart={(event) => writeDraggedField(event.dataTransfer, field)}
        onClick={() => add(field)}
      >
        {label}
      </button>
      <button
        type="button"
        className="field-filter"
        aria-label={`${texts.addFilter}: ${label}`}
        title={texts.addFilter}
        aria-expanded={filtering === key}
        onClick={() => setFiltering(filtering === key ? null : key)}
      >
        ⋯
      </button>
      {filtering === key && (
        <FilterAdder
          field={filterField}
          label={label}
          ranking={rankingFields(schema, visual)}
          visualSelected={!!visual}
          texts={texts}
          onAdd={(level, filter) => {
            editor.apply((def) => addFilter(def, level, filter, editor.activePage?.name, selected));
            setFiltering(null);
          }}
        />
      )}
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
                item(
                  `${table.name}.${m.name}`,
                  m.name,
                  fieldFromPane(table.name, { measure: m.name }),
                  {
                    target: { table: table.name, measure: m.name },
                  },
                ),
              )}
              {columns.map((c) => [
                item(
                  `${table.name}.${c.name}`,
                  c.name,
                  fieldFromPane(table.name, { column: c.name, dataType: c.dataType }),
                  { target: { table: table.name, column: c.name }, dataType: c.dataType },
                ),
                isDateType(c.dataType) && (
                  <li key={`${table.name}.${c.name}:levels`} className="date-hierarchy">
                    <span>{texts.dateHierarchy}</span>
                    <ul aria-label={`${c.name}: ${texts.dateHierarchy}`}>
                      {DATE_PARTS.map((datePart) => {
                        const level = { table: table.name, column: c.name, datePart };
                        return item(
                          `${table.name}.${c.name}:${datePart}`,
                          texts.dateLevels[datePart],
                          level,
                          { target: level, dataType: 'integer' },
                        );
                      })}
                    </ul>
                  </li>
                ),
              ])}
            </ul>
          </details>
        );
      })}
    </section>
  );
}
