import {
  anyOf,
  arrayOf,
  arrayOfType,
  boolean,
  number,
  numberEnum,
  required,
  string,
} from './engine.ts';
import type { IValidationError, IValidator } from './engine.ts';
import type { IError } from '../report-types.ts';
import * as configs from './configs.ts';
import * as filters from './filters.ts';
import * as settings from './settings.ts';

export type { IValidationError, IValidator } from './engine.ts';

/** The raw validators, under powerbi-models 1.2.1's names (`Validators.reportLoadValidator` …). */
export const Validators = Object.freeze({
  addBookmarkRequestValidator: configs.addBookmarkRequestValidator,
  advancedFilterTypeValidator: numberEnum([0]),
  advancedFilterValidator: filters.advancedFilterValidator,
  anyArrayValidator: filters.anyArrayValidator,
  anyFilterValidator: filters.filterValidator,
  anyValueValidator: filters.anyValueValidator,
  applyBookmarkByNameRequestValidator: configs.applyBookmarkByNameRequestValidator,
  applyBookmarkStateRequestValidator: configs.applyBookmarkStateRequestValidator,
  applyBookmarkValidator: configs.applyBookmarkValidator,
  backgroundValidator: numberEnum([0, 1]),
  basicFilterTypeValidator: numberEnum([1]),
  basicFilterValidator: filters.basicFilterValidator,
  booleanArrayValidator: arrayOfType('boolean'),
  booleanValidator: boolean,
  commandDisplayOptionValidator: numberEnum([0, 1, 2]),
  commandExtensionSelectorValidator: filters.visualOrTypeSelectorValidator,
  commandExtensionValidator: settings.commandExtensionValidator,
  commandsSettingsArrayValidator: arrayOf(settings.commandsSettingsValidator),
  commandsSettingsValidator: settings.commandsSettingsValidator,
  conditionItemValidator: filters.conditionItemValidator,
  customLayoutDisplayOptionValidator: numberEnum([0, 1, 2]),
  customLayoutValidator: settings.customLayoutValidator,
  customPageSizeValidator: settings.customPageSizeValidator,
  customThemeValidator: settings.customThemeValidator,
  dashboardLoadValidator: configs.dashboardLoadValidator,
  displayStateModeValidator: numberEnum([0, 1]),
  displayStateValidator: settings.displayStateValidator,
  exportDataRequestValidator: configs.exportDataRequestValidator,
  extensionArrayValidator: arrayOf(settings.extensionValidator),
  extensionPointsValidator: settings.extensionPointsValidator,
  extensionValidator: settings.extensionValidator,
  fieldRequiredValidator: required,
  filterColumnTargetValidator: filters.filterColumnTargetValidator,
  filterConditionsValidator: arrayOf(filters.conditionItemValidator),
  filterHierarchyTargetValidator: filters.filterHierarchyTargetValidator,
  filterMeasureTargetValidator: filters.filterMeasureTargetValidator,
  filterTargetValidator: filters.filterTargetValidator,
  filtersArrayValidator: filters.filtersArrayValidator,
  filtersValidator: filters.filterValidator,
  includeExcludeFilterValidator: filters.includeExcludeFilterValidator,
  includeExludeFilterTypeValidator: numberEnum([3]),
  layoutTypeValidator: numberEnum([0, 1, 2, 3]),
  loadQnaValidator: configs.loadQnaValidator,
  menuExtensionValidator: settings.menuExtensionValidator,
  menuLocationValidator: numberEnum([0, 1]),
  notSupportedFilterTypeValidator: numberEnum([2]),
  notSupportedFilterValidator: filters.notSupportedFilterValidator,
  numberArrayValidator: arrayOfType('number'),
  numberValidator: number,
  /** In 1.2.1 this name holds the map of visual layouts, not the page layout. */
  pageLayoutValidator: settings.visualsLayoutValidator,
  pageSizeTypeValidator: settings.pageSizeTypeValidator,
  pageSizeValidator: settings.pageSizeValidator,
  pageValidator: configs.pageValidator,
  pageViewFieldValidator: configs.pageViewFieldValidator,
  pagesLayoutValidator: settings.pagesLayoutValidator,
  permissionsValidator: configs.permissionsValidator,
  playBookmarkRequestValidator: configs.playBookmarkRequestValidator,
  qnaInterpretInputDataValidator: configs.qnaInterpretInputDataValidator,
  qnaSettingValidator: configs.qnaSettingValidator,
  relativeDateFilterOperatorValidator: numberEnum([0, 1, 2]),
  relativeDateFilterTimeUnitTypeValidator: numberEnum([0, 1, 2, 3, 4, 5, 6]),
  relativeDateFilterTypeValidator: numberEnum([4]),
  relativeDateFilterValidator: filters.relativeDateFilterValidator,
  reportCreateValidator: configs.reportCreateValidator,
  reportLoadValidator: configs.reportLoadValidator,
  saveAsParametersValidator: configs.saveAsParametersValidator,
  settingsValidator: settings.settingsValidator,
  singleCommandSettingsValidator: settings.singleCommandSettingsValidator,
  slicerSelectorValidator: filters.slicerSelectorValidator,
  slicerStateValidator: filters.slicerStateValidator,
  slicerTargetValidator: filters.slicerTargetValidator,
  slicerValidator: filters.slicerValidator,
  stringArrayValidator: arrayOfType('string'),
  stringValidator: string,
  tileLoadValidator: configs.tileLoadValidator,
  tokenTypeValidator: configs.tokenTypeValidator,
  topNFilterTypeValidator: numberEnum([5]),
  topNFilterValidator: filters.topNFilterValidator,
  viewModeValidator: configs.viewModeValidator,
  visualCommandSelectorValidator: filters.visualOrTypeSelectorValidator,
  visualHeaderSelectorValidator: anyOf(
    filters.visualSelectorValidator,
    filters.visualTypeSelectorValidator,
  ),
  visualHeaderSettingsValidator: settings.visualHeaderSettingsValidator,
  visualHeaderValidator: settings.visualHeaderValidator,
  visualHeadersValidator: arrayOf(settings.visualHeaderValidator),
  visualLayoutValidator: settings.visualLayoutValidator,
  visualSelectorValidator: filters.visualSelectorValidator,
  visualSettingsValidator: settings.visualSettingsValidator,
  visualTypeSelectorValidator: filters.visualTypeSelectorValidator,
} satisfies Record<string, IValidator>);

/** Runs a validator as 1.2.1's `validateX` functions do: `undefined` when valid, else `[{message}]`. */
function publicValidator(checker: IValidator) {
  return (input: unknown): IError[] | undefined =>
    checker.validate(input)?.map((error: IValidationError) => ({
      message:
        error.message ||
        `${String(error.path)} is invalid. Not meeting ${String(error.keyword)} constraint`,
    }));
}

export const validateVisualSelector = publicValidator(Validators.visualSelectorValidator);
export const validateSlicer = publicValidator(Validators.slicerValidator);
export const validateSlicerState = publicValidator(Validators.slicerStateValidator);
export const validatePlayBookmarkRequest = publicValidator(Validators.playBookmarkRequestValidator);
export const validateAddBookmarkRequest = publicValidator(Validators.addBookmarkRequestValidator);
export const validateApplyBookmarkByNameRequest = publicValidator(
  Validators.applyBookmarkByNameRequestValidator,
);
export const validateApplyBookmarkStateRequest = publicValidator(
  Validators.applyBookmarkStateRequestValidator,
);
export const validateSettings = publicValidator(Validators.settingsValidator);
export const validateCustomPageSize = publicValidator(Validators.customPageSizeValidator);
export const validateExtension = publicValidator(Validators.extensionValidator);
export const validateReportLoad = publicValidator(Validators.reportLoadValidator);
export const validateCreateReport = publicValidator(Validators.reportCreateValidator);
export const validateDashboardLoad = publicValidator(Validators.dashboardLoadValidator);
export const validateTileLoad = publicValidator(Validators.tileLoadValidator);
export const validatePage = publicValidator(Validators.pageValidator);
export const validateFilter = publicValidator(Validators.filtersValidator);
export const validateSaveAsParameters = publicValidator(Validators.saveAsParametersValidator);
export const validateLoadQnaConfiguration = publicValidator(Validators.loadQnaValidator);
export const validateQnaInterpretInputData = publicValidator(
  Validators.qnaInterpretInputDataValidator,
);
export const validateExportDataRequest = publicValidator(Validators.exportDataRequestValidator);
export const validateVisualHeader = publicValidator(Validators.visualHeaderValidator);
export const validateVisualSettings = publicValidator(Validators.visualSettingsValidator);
export const validateCommandsSettings = publicValidator(Validators.commandsSettingsValidator);
export const validateCustomTheme = publicValidator(Validators.customThemeValidator);
