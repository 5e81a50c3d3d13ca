import { Schemas } from './schemas.ts';
import type {
  IPageSelector,
  ISelector,
  ISlicerTargetSelector,
  IVisualSelector,
  IVisualTypeSelector,
  SlicerTarget,
} from './selector-types.ts';

export abstract class Selector {
  $schema: string;

  constructor(schema: string) {
    this.$schema = schema;
  }

  toJSON(): ISelector {
    return { $schema: this.$schema };
  }
}

export class PageSelector extends Selector {
  static schemaUrl: string = Schemas.pageSelector;
  pageName: string;

  constructor(pageName: string) {
    super(PageSelector.schemaUrl);
    this.pageName = pageName;
  }

  override toJSON(): IPageSelector {
    return { ...super.toJSON(), pageName: this.pageName };
  }
}

export class VisualSelector extends Selector {
  static schemaUrl: string = Schemas.visualSelector;
  visualName: string;

  constructor(visualName: string) {
    super(VisualSelector.schemaUrl);
    this.visualName = visualName;
  }

  override toJSON(): IVisualSelector {
    return { ...super.toJSON(), visualName: this.visualName };
  }
}

/**
 * Emits its own `#visualTypeSelector` schema. powerbi-models 1.2.1 emitted `#visualSelector`,
 * so its instances failed its own validator (see docs/decisions/0030).
 */
export class VisualTypeSelector extends Selector {
  static schemaUrl: string = Schemas.visualTypeSelector;
  visualType: string;

  constructor(visualType: string) {
    super(VisualTypeSelector.schemaUrl);
    this.visualType = visualType;
  }

  override toJSON(): IVisualTypeSelector {
    return { ...super.toJSON(), visualType: this.visualType };
  }
}

/** Emits its own `#slicerTargetSelector` schema, unlike 1.2.1 (see docs/decisions/0030). */
export class SlicerTargetSelector extends Selector {
  static schemaUrl: string = Schemas.slicerTargetSelector;
  target: SlicerTarget;

  constructor(target: SlicerTarget) {
    super(SlicerTargetSelector.schemaUrl);
    this.target = target;
  }

  override toJSON(): ISlicerTargetSelector {
    return { ...super.toJSON(), target: this.target };
  }
}
