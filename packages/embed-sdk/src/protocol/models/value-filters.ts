import { FilterType } from './enums.ts';
import type {
  AdvancedFilterLogicalOperators,
  BasicFilterOperators,
  IAdvancedFilterCondition,
  IFilterGeneralTarget,
  IFilterKeyTarget,
  IFilterTarget,
  PrimitiveValue,
} from './filter-types.ts';
import { Filter } from './filters.ts';
import { Schemas } from './schemas.ts';

/**
 * The filters built from value lists, with powerbi-models 1.2.1's argument forms (spread or one
 * array) and its constructor error messages, word for word.
 */

export class BasicFilter extends Filter {
  static schemaUrl: string = Schemas.basic;
  operator: BasicFilterOperators;
  values: PrimitiveValue[];

  /** `values` may be spread or passed as one array. */
  constructor(
    target: IFilterGeneralTarget,
    operator: BasicFilterOperators,
    ...values: (PrimitiveValue | PrimitiveValue[])[]
  ) {
    super(target, FilterType.Basic, BasicFilter.schemaUrl);
    this.operator = operator;
    if (values.length === 0 && operator !== 'All') {
      throw new Error(`values must be a non-empty array unless your operator is "All".`);
    }
    const [first] = values;
    this.values = Array.isArray(first) ? first : (values as PrimitiveValue[]);
  }

  override toJSON() {
    return { ...super.toJSON(), operator: this.operator, values: this.values };
  }
}

export class BasicFilterWithKeys extends BasicFilter {
  keyValues: PrimitiveValue[][];
  declare target: IFilterKeyTarget;

  constructor(
    target: IFilterKeyTarget,
    operator: BasicFilterOperators,
    values: PrimitiveValue[],
    keyValues: PrimitiveValue[][],
  ) {
    super(target, operator, values);
    this.keyValues = keyValues;
    const keyCount = target.keys ? target.keys.length : 0;
    if (keyCount > 0 && !keyValues) {
      throw new Error(
        `You should pass the values to be filtered for each key. You passed: no values and ${keyCount} keys`,
      );
    }
    if (keyCount === 0 && keyValues && keyValues.length > 0) {
      throw new Error(
        `You passed key values but your target object doesn't contain the keys to be filtered`,
      );
    }
    for (const tuple of keyValues ?? []) {
      if (tuple && tuple.length !== keyCount) {
        throw new Error(
          `Each tuple of key values should contain a value for each of the keys. You passed: ${tuple.length} values and ${keyCount} keys`,
        );
      }
    }
  }

  override toJSON() {
    return { ...super.toJSON(), keyValues: this.keyValues };
  }
}

export class AdvancedFilter extends Filter {
  static schemaUrl: string = Schemas.advanced;
  logicalOperator: AdvancedFilterLogicalOperators;
  conditions: IAdvancedFilterCondition[];

  /** `conditions` may be spread or passed as one array; at most two. */
  constructor(
    target: IFilterTarget,
    logicalOperator: AdvancedFilterLogicalOperators,
    ...conditions: (IAdvancedFilterCondition | IAdvancedFilterCondition[])[]
  ) {
    super(target, FilterType.Advanced, AdvancedFilter.schemaUrl);
    if (typeof logicalOperator !== 'string' || logicalOperator.length === 0) {
      throw new Error(
        `logicalOperator must be a valid operator, You passed: ${String(logicalOperator)}`,
      );
    }
    this.logicalOperator = logicalOperator;
    const [first] = conditions;
    const extracted = Array.isArray(first) ? first : (conditions as IAdvancedFilterCondition[]);
    if (extracted.length === 0) {
      throw new Error(`conditions must be a non-empty array. You passed: ${String(conditions)}`);
    }
    // 1.2.1 reports the spread argument count here, which is 1 when one array was passed.
    if (extracted.length > 2) {
      throw new Error(
        `AdvancedFilters may not have more than two conditions. You passed: ${conditions.length}`,
      );
    }
    if (extracted.length === 1 && logicalOperator !== 'And') {
      throw new Error(`Logical Operator must be "And" when there is only one condition provided`);
    }
    this.conditions = extracted;
  }

  override toJSON() {
    return {
      ...super.toJSON(),
      logicalOperator: this.logicalOperator,
      conditions: this.conditions,
    };
  }
}
