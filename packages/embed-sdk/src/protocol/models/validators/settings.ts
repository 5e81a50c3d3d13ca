import {
  anyObject,
  arrayOf,
  boolean,
  mapOf,
  number,
  numberEnum,
  objectWith,
  required,
  string,
} from './engine.ts';
import { visualOrTypeSelectorValidator } from './filters.ts';

/** Report settings and their parts, field for field as powerbi-models 1.2.1 checks them. */

export const pageSizeTypeValidator = numberEnum([0, 1, 2, 3, 4, 5]);
export const pageSizeValidator = objectWith({ type: [required, pageSizeTypeValidator] });
export const customPageSizeValidator = objectWith(
  { type: [required, pageSizeTypeValidator] },
  { width: [number], height: [number] },
);

export const displayStateValidator = objectWith({ mode: [numberEnum([0, 1])] });

export const visualLayoutValidator = objectWith({
  x: [number],
  y: [number],
  z: [number],
  width: [number],
  height: [number],
  displayState: [displayStateValidator],
});

export const visualsLayoutValidator = mapOf(visualLayoutValidator);

const pageLayoutValidator = objectWith({
  visualsLayout: [required, visualsLayoutValidator],
  defaultLayout: [visualLayoutValidator],
});

export const pagesLayoutValidator = mapOf(pageLayoutValidator);

export const customLayoutValidator = objectWith({
  pageSize: [pageSizeValidator],
  displayOption: [numberEnum([0, 1, 2])],
  pagesLayout: [pagesLayoutValidator],
});

export const menuExtensionValidator = objectWith({
  title: [string],
  icon: [string],
  menuLocation: [numberEnum([0, 1])],
});

export const extensionPointsValidator = objectWith({
  visualContextMenu: [menuExtensionValidator],
  visualOptionsMenu: [menuExtensionValidator],
});

export const commandExtensionValidator = objectWith(
  { name: [required, string], extend: [required, extensionPointsValidator] },
  { title: [required, string], icon: [string], selector: [visualOrTypeSelectorValidator] },
);

export const extensionValidator = objectWith({ command: [commandExtensionValidator] });

export const visualHeaderSettingsValidator = objectWith({ visible: [boolean] });

export const visualHeaderValidator = objectWith({
  settings: [required, visualHeaderSettingsValidator],
  selector: [visualOrTypeSelectorValidator],
});

export const visualSettingsValidator = objectWith({
  visualHeaders: [arrayOf(visualHeaderValidator)],
});

export const singleCommandSettingsValidator = objectWith({
  displayOption: [required, numberEnum([0, 1, 2])],
  selector: [visualOrTypeSelectorValidator],
});

/** The commands a report's `commands` settings can configure, in 1.2.1's check order. */
export const commandNames = [
  'copy',
  'drill',
  'drillthrough',
  'expandCollapse',
  'exportData',
  'includeExclude',
  'removeVisual',
  'search',
  'seeData',
  'sort',
  'spotlight',
] as const;

export const commandsSettingsValidator = objectWith(
  Object.fromEntries(commandNames.map((name) => [name, [singleCommandSettingsValidator]])),
);

export const settingsValidator = objectWith({
  filterPaneEnabled: [boolean],
  navContentPaneEnabled: [boolean],
  bookmarksPaneEnabled: [boolean],
  useCustomSaveAsDialog: [boolean],
  extensions: [arrayOf(extensionValidator)],
  layoutType: [numberEnum([0, 1, 2, 3])],
  customLayout: [customLayoutValidator],
  background: [numberEnum([0, 1])],
  visualSettings: [visualSettingsValidator],
  hideErrors: [boolean],
  commands: [arrayOf(commandsSettingsValidator)],
});

export const customThemeValidator = objectWith({ themeJson: [anyObject] });
