import {
  FilterType,
  type RelativeDateFilterTimeUnit,
  type RelativeDateOperators,
} from './enums.ts';
import type {
  IFilter,
  IFilterDisplaySettings,
  IFilterGeneralTarget,
  IFilterTarget,
  ITupleFilterTarget,
  PrimitiveValue,
  TopNFilterOperators,
  TupleFilterOperators,
  TupleValue,
} from './filter-types.ts';
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
