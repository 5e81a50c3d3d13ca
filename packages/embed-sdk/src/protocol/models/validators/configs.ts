import {
  anyOf,
  arrayOfType,
  boolean,
  number,
  numberEnum,
  objectWith,
  required,
  string,
  typeOf,
  type IValidator,
} from './engine.ts';
import { filtersArrayValidator } from './filters.ts';
import { customThemeValidator, settingsValidator } from './settings.ts';

/** Load configurations and request bodies, field for field as powerbi-models 1.2.1 checks them. */

export const tokenTypeValidator = numberEnum([0, 1]);
export const viewModeValidator = numberEnum([0, 1]);
export const permissionsValidator = numberEnum([0, 1, 2, 4, 7]);

const pageViews = ['actualSize', 'fitToWidth', 'oneColumn'];

/** A dashboard's `pageView`: a string first, then one of three names, with its own message. */
export const pageViewFieldValidator: IValidator = {
  validate(input, path, field) {
    if (input == null) return undefined;
    const notString = typeOf('string').validate(input, path, field);
    if (notString) return notString;
    return pageViews.includes(input as string)
      ? undefined
      : [
          {
            message:
              'pageView must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"',
          },
        ];
  },
};

export const applyBookmarkByNameRequestValidator = objectWith({ name: [required, string] });
export const applyBookmarkStateRequestValidator = objectWith({ state: [required, string] });
export const applyBookmarkValidator = anyOf(
  applyBookmarkByNameRequestValidator,
  applyBookmarkStateRequestValidator,
);
export const playBookmarkRequestValidator = objectWith({
  playMode: [required, numberEnum([0, 1])],
});
export const addBookmarkRequestValidator = objectWith({
  state: [string],
  displayName: [string],
  apply: [boolean],
});

export const reportLoadValidator = objectWith({
  accessToken: [required, string],
  id: [required, string],
  groupId: [string],
  settings: [settingsValidator],
  pageName: [string],
  filters: [filtersArrayValidator],
  permissions: [permissionsValidator],
  viewMode: [viewModeValidator],
  tokenType: [tokenTypeValidator],
  bookmark: [applyBookmarkValidator],
  theme: [customThemeValidator],
});

export const reportCreateValidator = objectWith({
  accessToken: [required, string],
  datasetId: [required, string],
  groupId: [string],
  tokenType: [tokenTypeValidator],
  theme: [customThemeValidator],
});

export const dashboardLoadValidator = objectWith({
  accessToken: [required, string],
  id: [required, string],
  groupId: [string],
  pageView: [pageViewFieldValidator],
  tokenType: [tokenTypeValidator],
});

export const tileLoadValidator = objectWith({
  accessToken: [required, string],
  id: [required, string],
  dashboardId: [required, string],
  groupId: [string],
  pageView: [string],
  tokenType: [tokenTypeValidator],
  width: [number],
  height: [number],
});

export const qnaSettingValidator = objectWith({
  filterPaneEnabled: [boolean],
  hideErrors: [boolean],
});

export const loadQnaValidator = objectWith({
  accessToken: [required, string],
  datasetIds: [required, arrayOfType('string')],
  question: [string],
  viewMode: [viewModeValidator],
  settings: [qnaSettingValidator],
  tokenType: [tokenTypeValidator],
  groupId: [string],
});

export const qnaInterpretInputDataValidator = objectWith({
  datasetIds: [arrayOfType('string')],
  question: [required, string],
});

export const pageValidator = objectWith({ name: [required, string] });
export const saveAsParametersValidator = objectWith({ name: [required, string] });
export const exportDataRequestValidator = objectWith({
  rows: [number],
  exportDataType: [numberEnum([0, 1])],
});
