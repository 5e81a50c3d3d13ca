import type { IFilterKeyTarget, IFilterTarget } from './filter-types.ts';

export interface ISelector {
  $schema: string;
}

export interface IPageSelector extends ISelector {
  pageName: string;
}

export interface IVisualSelector extends ISelector {
  visualName: string;
}

export interface IVisualTypeSelector extends ISelector {
  visualType: string;
}

export type SlicerTarget = IFilterTarget | IFilterKeyTarget;

export interface ISlicerTargetSelector extends ISelector {
  target: SlicerTarget;
}

export type SlicerSelector = IVisualSelector | ISlicerTargetSelector;
