/** The Data pane's "add filter" card for one field: the level, the kind, and for top N what ranks. */
import { useState } from 'react';
import type { DatasetSchema, FieldRef, VisualDefinition } from '../api/types.ts';
import { fieldLabel } from '@vitrina/bi-model/visual-queries';
import { targetKey } from '../query/filter-types.ts';
import type { EditorMessages } from './editor-messages.ts';
import {
  filterKindsFor,
  filterLevelsFor,
  newFilter,
  type FilterField,
  type FilterLevel,
  type NewFilterKind,
} from './filter-edits.ts';
import { isValueField } from './wells.ts';

/** What a top N filter may rank by: the selected visual's values first, then every measure. */
export function rankingFields(schema: DatasetSchema, visual: VisualDefinition | undefined) {
  const values = Object.values(visual?.fields ?? {})
    .flat()
    .filter(isValueField);
  const measures = schema.tables.flatMap((t) =>
    t.measures.map((m): FieldRef => ({ table: t.name, measure: m.name })),
  );
  const seen = new Set<string>();
  return [...values, ...measures].filter((field) => {
    const key = targetKey(field) + ('aggregation' in field ? `:${field.aggregation}` : '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface Props {
  field: FilterField;
  label: string;
  ranking: FieldRef[];
  visualSelected: boolean;
  texts: EditorMessages;
  onAdd(level: FilterLevel, filter: ReturnType<typeof newFilter>): void;
}

export function FilterAdder({ field, label, ranking, visualSelected, texts, onAdd }: Props) {
  const levels = filterLevelsFor(field, visualSelected);
  const kinds = filterKindsFor(field, ranking.length > 0);
  const [level, setLevel] = useState<FilterLevel | undefined>(levels[0]);
  const [kind, setKind] = useState<NewFilterKind>(kinds[0]!);
  const [rankBy, setRankBy] = useState(0);
  // The selection may change while the card is open: fall back to what is still offered.
  const chosenLevel = level && levels.includes(level) ? level : levels[0];
  const chosenKind = kinds.includes(kind) ? kind : kinds[0]!;
  return (
    <form
      className="filter-adder"
      aria-label={`${texts.addFilter}: ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosenLevel)
          onAdd(chosenLevel, newFilter(chosenKind, field.target, ranking[rankBy] ?? ranking[0]));
      }}
    >
      <label>
        {texts.filterLevel}
        <select value={chosenLevel ?? ''} onChange={(e) => setLevel(e.target.value as FilterLevel)}>
          {levels.map((l) => (
            <option key={l} value={l}>
              {l === 'report'
                ? texts.addFilterReport
                : l === 'page'
                  ? texts.addFilterPage
                  : texts.addFilterVisual}
            </option>
          ))}
        </select>
      </label>
      <label>
        {texts.filterKind}
        <select value={chosenKind} onChange={(e) => setKind(e.target.value as NewFilterKind)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {texts.filterKinds[k]}
            </option>
          ))}
        </select>
      </label>
      {chosenKind === 'topN' && (
        <label>
          {texts.rankBy}
          <select value={rankBy} onChange={(e) => setRankBy(Number(e.target.value))}>
            {ranking.map((f, i) => (
              <option key={i} value={i}>
                {'aggregation' in f && f.aggregation
                  ? `${texts.aggregations[f.aggregation]}: ${fieldLabel(f)}`
                  : fieldLabel(f)}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" disabled={!chosenLevel}>
        {texts.add}
      </button>
    </form>
  );
}
