import { FilterType } from './enums.ts';
import type {
  AdvancedFilterLogicalOperators,
  BasicFilterOperators,
  IAdvancedFilterCondition,
  IFilter,
  IFilterDisplaySettings,
  IFilterGeneralTarget,
  IFilterKeyTarget,
  IFilterTarget,
  ITupleFilterTarget,
  PrimitiveValue,
  TopNFilterOperators,
  TupleFilterOperators,
  TupleValue,
} from './filter-types.ts';
import type { RelativeDateFilterTimeUnit, RelativeDateOperators } from './enums.ts';
import { Schemas } from './schemas.ts';

/**
 * Filter classes with powerbi-models 1.2.1's constructors, checks and `toJSON` shapes: the base
 * fields (`$schema`, `target`, `filterType`, `displaySettings` when set) come first, then each
 * kind's own fields, so a serialized filter reads the same as one built with 1.2.1.
 */
export abstract class Filter {
  target: IFilterGeneralTarget;
  filterType: FilterType;
  displaySettings: IFilterDisplaySettings | undefined;
  protected schemaUrl: string;

  constructor(target: IFilterGeneralTarget, filterType: FilterType, schemaUrl: string) {
    this.target = target;
    this.filterType = filterType;
    this.schemaUrl = schemaUrl;
  }

  toJSON(): IFilter {
    const filter: IFilter = {
      $schema: this.schemaUrl,
      target: this.target,
      filterType: this.filterType,
    };
    if (this.displaySettings !== undefined) filter.displaySettings = this.displaySettings;
    return filter;
  }
}

export class NotSupportedFilter extends Filter {
  static schemaUrl: string = Schemas.notSupported;
  message: string;
  notSupportedTypeName: string;

  constructor(target: IFilterTarget, message: string, notSupportedTypeName: string) {
    super(target, FilterType.Unknown, NotSupportedFilter.schemaUrl);
    this.message = message;
    this.notSupportedTypeName = notSupportedTypeName;
  }

  override toJSON() {
    return {
      ...super.toJSON(),
      message: this.message,
      notSupportedTypeName: this.notSupportedTypeName,
    };
  }
}

export class IncludeExcludeFilter extends Filter {
  static schemaUrl: string = Schemas.includeExclude;
  values: PrimitiveValue[];
  isExclude: boolean;

  constructor(target: IFilterTarget, isExclude: boolean, values: PrimitiveValue[]) {
    super(target, FilterType.IncludeExclude, IncludeExcludeFilter.schemaUrl);
    this.values = values;
    this.isExclude = isExclude;
  }

  override toJSON() {
    return { ...super.toJSON(), isExclude: this.isExclude, values: this.values };
  }
}

export class TopNFilter extends Filter {
  static schemaUrl: string = Schemas.topN;
  operator: TopNFilterOperators;
  orderBy: IFilterTarget;
  itemCount: number;

  constructor(
    target: IFilterTarget,
    operator: TopNFilterOperators,
    itemCount: number,
    orderBy: IFilterTarget,
  ) {
    super(target, FilterType.TopN, TopNFilter.schemaUrl);
    this.operator = operator;
    this.itemCount = itemCount;
    this.orderBy = orderBy;
  }

  override toJSON() {
    return {
      ...super.toJSON(),
      operator: this.operator,
      itemCount: this.itemCount,
      orderBy: this.orderBy,
    };
  }
}

export class RelativeDateFilter extends Filter {
  static schemaUrl: string = Schemas.relativeDate;
  operator: RelativeDateOperators;
  timeUnitsCount: number;
  timeUnitType: RelativeDateFilterTimeUnit;
  includeToday: boolean;

  constructor(
    target: IFilterTarget,
    operator: RelativeDateOperators,
    timeUnitsCount: number,
    timeUnitType: RelativeDateFilterTimeUnit,
    includeToday: boolean,
  ) {
    super(target, FilterType.RelativeDate, RelativeDateFilter.schemaUrl);
    this.operator = operator;
    this.timeUnitsCount = timeUnitsCount;
    this.timeUnitType = timeUnitType;
    this.includeToday = includeToday;
  }

  override toJSON() {
    const { operator, timeUnitsCount, timeUnitType, includeToday } = this;
    return { ...super.toJSON(), operator, timeUnitsCount, timeUnitType, includeToday };
  }
}

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

export class TupleFilter extends Filter {
  static schemaUrl: string = Schemas.tuple;
  operator: TupleFilterOperators;
  values: TupleValue[];

  constructor(target: ITupleFilterTarget, operator: TupleFilterOperators, values: TupleValue[]) {
    super(target, FilterType.Tuple, TupleFilter.schemaUrl);
    this.operator = operator;
    this.values = values;
  }

  override toJSON() {
    return { ...super.toJSON(), operator: this.operator, values: this.values };
  }
}
