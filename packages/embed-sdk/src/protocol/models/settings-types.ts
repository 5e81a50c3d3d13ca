import type {
  BackgroundType,
  CommandDisplayOption,
  DisplayOption,
  LayoutType,
  MenuLocation,
  PageSizeType,
  VisualContainerDisplayMode,
} from './enums.ts';
import type { IVisualSelector, IVisualTypeSelector } from './selector-types.ts';

export interface IPageSize {
  type: PageSizeType;
}

export interface ICustomPageSize extends IPageSize {
  width?: number;
  height?: number;
}

export interface IVisualContainerDisplayState {
  mode: VisualContainerDisplayMode;
}

export interface IVisualLayout {
  x?: number;
  y?: number;
  z?: number;
  width?: number;
  height?: number;
  displayState?: IVisualContainerDisplayState;
}

export type VisualsLayout = Record<string, IVisualLayout>;

export interface IPageLayout {
  defaultLayout?: IVisualLayout;
  visualsLayout: VisualsLayout;
}

export type PagesLayout = Record<string, IPageLayout>;

export interface ICustomLayout {
  pageSize?: IPageSize;
  displayOption?: DisplayOption;
  pagesLayout?: PagesLayout;
}

export interface IVisualHeaderSettings {
  visible?: boolean;
}

export interface IVisualHeader {
  settings: IVisualHeaderSettings;
  selector?: IVisualSelector | IVisualTypeSelector;
}

export interface IVisualSettings {
  visualHeaders?: IVisualHeader[];
}

export interface IMenuExtension {
  title?: string;
  icon?: string;
  menuLocation?: MenuLocation;
}

export interface IExtensionPoints {
  visualContextMenu?: IMenuExtension;
  visualOptionsMenu?: IMenuExtension;
}

export interface ICommandExtension {
  name: string;
  title: string;
  icon?: string;
  selector?: IVisualSelector | IVisualTypeSelector;
  extend: IExtensionPoints;
}

export interface IExtension {
  command?: ICommandExtension;
}

export interface ICommandSettings {
  displayOption: CommandDisplayOption;
  selector?: IVisualSelector | IVisualTypeSelector;
}

export interface ICommandsSettings {
  copy?: ICommandSettings;
  drill?: ICommandSettings;
  drillthrough?: ICommandSettings;
  expandCollapse?: ICommandSettings;
  exportData?: ICommandSettings;
  includeExclude?: ICommandSettings;
  removeVisual?: ICommandSettings;
  search?: ICommandSettings;
  seeData?: ICommandSettings;
  sort?: ICommandSettings;
  spotlight?: ICommandSettings;
}

export interface ISettings {
  background?: BackgroundType;
  bookmarksPaneEnabled?: boolean;
  commands?: ICommandsSettings[];
  customLayout?: ICustomLayout;
  extensions?: IExtension[];
  filterPaneEnabled?: boolean;
  hideErrors?: boolean;
  layoutType?: LayoutType;
  navContentPaneEnabled?: boolean;
  useCustomSaveAsDialog?: boolean;
  visualSettings?: IVisualSettings;
}

export interface IQnaSettings {
  filterPaneEnabled?: boolean;
  hideErrors?: boolean;
}
