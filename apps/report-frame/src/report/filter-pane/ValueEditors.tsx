/** Editors for basic (pick values) and advanced (up to two conditions) filters. */
import { useEffect, useState } from 'react';
import type { FieldRef } from '../../api/types.ts';
import type {
  AdvancedCondition,
  ConditionOperator,
  FrameFilter,
  Scalar,
} from '../../query/filter-types.ts';
import type { EditorProps } from './editor-props.ts';

function useDistinctValues(props: EditorProps): Scalar[] {
  const { controller, filter } = props;
  const [values, setValues] = useState<Scalar[]>([]);
  const targetJson = JSON.stringify(filter.target);
  useEffect(() => {
    const target = JSON.parse(targetJson) as FieldRef;
    const query = {
      groupBy: [target],
      measures: [],
      orderBy: [{ field: target, direction: 1 as const }],
      limit: 200,
    };
    let cancelled = false;
    controller.cache
      .run(controller.state.report.datasetId, controller.state.dataVersion, query)
      .then(
        (result) =>
          !cancelled &&
          setValues(
            result.rows.map((r) => r[0]).filter((v): v is Scalar => v !== null && v !== undefined),
          ),
      )
      .catch(() => !cancelled && setValues([]));
    return () => {
      cancelled = true;
    };
  }, [controller, targetJson]);
  return values;
}

export function BasicEditor(props: EditorProps) {
  const { controller, filter, onApply } = props;
  const values = useDistinctValues(props);
  const chosen =
    'values' in filter && 'operator' in filter && filter.operator !== 'All' ? filter.values : [];
  const isNotIn = 'operator' in filter && filter.operator === 'NotIn';
  const toggle = (value: Scalar) => {
    const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
    onApply({
      ...filter,
      operator: next.length ? (isNotIn ? 'NotIn' : 'In') : 'All',
      values: next,
    } as FrameFilter);
  };
  return (
    <ul className="filter-values">
      {values.map((value) => (
        <li key={String(value)}>
          <label>
            <input
              type="checkbox"
              checked={chosen.includes(value)}
              onChange={() => toggle(value)}
            />
            {controller.format.value(value, undefined)}
          </label>
        </li>
      ))}
    </ul>
  );
}

const OPERATORS: ConditionOperator[] = [
  'Is',
  'IsNot',
  'LessThan',
  'LessThanOrEqual',
  'GreaterThan',
  'GreaterThanOrEqual',
  'Contains',
  'DoesNotContain',
  'StartsWith',
  'IsBlank',
  'IsNotBlank',
];

function ConditionRow({
  condition,
  labels,
  onChange,
}: {
  condition: AdvancedCondition;
  labels: Record<string, string>;
  onChange(c: AdvancedCondition): void;
}) {
  const numeric = typeof condition.value === 'number';
  return (
    <div className="condition">
      <select
        value={condition.operator}
        onChange={(e) =>
          onChange({
            ...condition,
            operator: OPERATORS.find((op) => op === e.target.value) ?? condition.operator,
          })
        }
      >
        {OPERATORS.map((op) => (
          <option key={op} value={op}>
            {labels[op] ?? op}
          </option>
        ))}
      </select>
      <input
        value={condition.value === undefined ? '' : String(condition.value)}
        onChange={(e) =>
          onChange({
            ...condition,
            value: numeric && e.target.value !== '' ? Number(e.target.value) : e.target.value,
          })
        }
      />
    </div>
  );
}

export function AdvancedEditor({ controller, filter, onApply }: EditorProps) {
  const { messages } = controller;
  const initial = 'conditions' in filter ? filter.conditions : [];
  const [conditions, setConditions] = useState<AdvancedCondition[]>(initial);
  const [logical, setLogical] = useState<'And' | 'Or'>(
    'logicalOperator' in filter ? filter.logicalOperator : 'And',
  );
  const update = (index: number, condition: AdvancedCondition) =>
    setConditions(conditions.map((c, i) => (i === index ? condition : c)));
  const shown: AdvancedCondition[] =
    conditions.length >= 2 ? conditions : [...conditions, { operator: 'Is', value: '' }];
  return (
    <div className="advanced-editor">
      <p>{messages.showItemsWhen}</p>
      {shown.map((condition, i) => (
        <div key={i}>
          {i === 1 && (
            <div className="logical">
              {(['And', 'Or'] as const).map((op) => (
                <label key={op}>
                  <input type="radio" checked={logical === op} onChange={() => setLogical(op)} />
                  {op === 'And' ? messages.and : messages.or}
                </label>
              ))}
            </div>
          )}
          <ConditionRow
            condition={condition}
            labels={messages.conditions}
            onChange={(c) => update(i, c)}
          />
        </div>
      ))}
      <button
        type="button"
        className="apply"
        onClick={() => {
          const valid = shown.filter(
            (c) => c.value !== '' || c.operator === 'IsBlank' || c.operator === 'IsNotBlank',
          );
          onApply({
            ...filter,
            logicalOperator: valid.length > 1 ? logical : 'And',
            conditions: valid,
          } as FrameFilter);
        }}
      >
        {messages.apply}
      </button>
    </div>
  );
}
