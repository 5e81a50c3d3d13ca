import { numericEnum, type EnumValue } from './numeric-enum.ts';

const traceTypes = {
  Information: 0,
  Verbose: 1,
  Warning: 2,
  Error: 3,
  ExpectedError: 4,
  UnexpectedError: 5,
  Fatal: 6,
} as const;
export const TraceType = numericEnum(traceTypes);
export type TraceType = EnumValue<typeof traceTypes>;

const pageSizeTypes = { Widescreen: 0, Standard: 1, Cortana: 2, Letter: 3, Custom: 4 } as const;
export const PageSizeType = numericEnum(pageSizeTypes);
export type PageSizeType = EnumValue<typeof pageSizeTypes>;

const displayOptions = { FitToPage: 0, FitToWidth: 1, ActualSize: 2 } as const;
export const DisplayOption = numericEnum(displayOptions);
export type DisplayOption = EnumValue<typeof displayOptions>;

const backgroundTypes = { Default: 0, Transparent: 1 } as const;
export const BackgroundType = numericEnum(backgroundTypes);
export type BackgroundType = EnumValue<typeof backgroundTypes>;

const visualContainerDisplayModes = { Visible: 0, Hidden: 1 } as const;
export const VisualContainerDisplayMode = numericEnum(visualContainerDisplayModes);
export type VisualContainerDisplayMode = EnumValue<typeof visualContainerDisplayModes>;

const layoutTypes = { Master: 0, Custom: 1, MobilePortrait: 2, MobileLandscape: 3 } as const;
export const LayoutType = numericEnum(layoutTypes);
export type LayoutType = EnumValue<typeof layoutTypes>;

const sectionVisibilities = { AlwaysVisible: 0, HiddenInViewMode: 1 } as const;
export const SectionVisibility = numericEnum(sectionVisibilities);
export type SectionVisibility = EnumValue<typeof sectionVisibilities>;

const permissions = { Read: 0, ReadWrite: 1, Copy: 2, Create: 4, All: 7 } as const;
export const Permissions = numericEnum(permissions);
export type Permissions = EnumValue<typeof permissions>;

const viewModes = { View: 0, Edit: 1 } as const;
export const ViewMode = numericEnum(viewModes);
export type ViewMode = EnumValue<typeof viewModes>;

const tokenTypes = { Aad: 0, Embed: 1 } as const;
export const TokenType = numericEnum(tokenTypes);
export type TokenType = EnumValue<typeof tokenTypes>;

const menuLocations = { Bottom: 0, Top: 1 } as const;
export const MenuLocation = numericEnum(menuLocations);
export type MenuLocation = EnumValue<typeof menuLocations>;

const filtersLevels = { Report: 0, Page: 1, Visual: 2 } as const;
export const FiltersLevel = numericEnum(filtersLevels);
export type FiltersLevel = EnumValue<typeof filtersLevels>;

const filterTypes = {
  Advanced: 0,
  Basic: 1,
  Unknown: 2,
  IncludeExclude: 3,
  RelativeDate: 4,
  TopN: 5,
  Tuple: 6,
} as const;
export const FilterType = numericEnum(filterTypes);
export type FilterType = EnumValue<typeof filterTypes>;

const relativeDateFilterTimeUnits = {
  Days: 0,
  Weeks: 1,
  CalendarWeeks: 2,
  Months: 3,
  CalendarMonths: 4,
  Years: 5,
  CalendarYears: 6,
} as const;
export const RelativeDateFilterTimeUnit = numericEnum(relativeDateFilterTimeUnits);
export type RelativeDateFilterTimeUnit = EnumValue<typeof relativeDateFilterTimeUnits>;

const relativeDateOperators = { InLast: 0, InThis: 1, InNext: 2 } as const;
export const RelativeDateOperators = numericEnum(relativeDateOperators);
export type RelativeDateOperators = EnumValue<typeof relativeDateOperators>;

const qnaModes = { Interactive: 0, ResultOnly: 1 } as const;
export const QnaMode = numericEnum(qnaModes);
export type QnaMode = EnumValue<typeof qnaModes>;

const exportDataTypes = { Summarized: 0, Underlying: 1 } as const;
export const ExportDataType = numericEnum(exportDataTypes);
export type ExportDataType = EnumValue<typeof exportDataTypes>;

const bookmarksPlayModes = { Off: 0, Presentation: 1 } as const;
export const BookmarksPlayMode = numericEnum(bookmarksPlayModes);
export type BookmarksPlayMode = EnumValue<typeof bookmarksPlayModes>;

/** Starts at 1, unlike the other enums. */
const sortDirections = { Ascending: 1, Descending: 2 } as const;
export const SortDirection = numericEnum(sortDirections);
export type SortDirection = EnumValue<typeof sortDirections>;

const commandDisplayOptions = { Enabled: 0, Disabled: 1, Hidden: 2 } as const;
export const CommandDisplayOption = numericEnum(commandDisplayOptions);
export type CommandDisplayOption = EnumValue<typeof commandDisplayOptions>;

const visualDataRoleKinds = { Grouping: 0, Measure: 1, GroupingOrMeasure: 2 } as const;
export const VisualDataRoleKind = numericEnum(visualDataRoleKinds);
export type VisualDataRoleKind = EnumValue<typeof visualDataRoleKinds>;

const visualDataRoleKindPreferences = { Measure: 0, Grouping: 1 } as const;
export const VisualDataRoleKindPreference = numericEnum(visualDataRoleKindPreferences);
export type VisualDataRoleKindPreference = EnumValue<typeof visualDataRoleKindPreferences>;

/** Error codes a frame puts in `IError.errorCode`. Plain strings, not an enum. */
export const CommonErrorCodes = Object.freeze({
  TokenExpired: 'TokenExpired',
  NotFound: 'PowerBIEntityNotFound',
  InvalidParameters: 'Invalid parameters',
  LoadReportFailed: 'LoadReportFailed',
  NotAuthorized: 'PowerBINotAuthorizedException',
  FailedToLoadModel: 'ExplorationContainer_FailedToLoadModel_DefaultDetails',
} as const);

export const TextAlignment = Object.freeze({
  Left: 'left',
  Center: 'center',
  Right: 'right',
} as const);
export type TextAlignment = (typeof TextAlignment)[keyof typeof TextAlignment];

export const LegendPosition = Object.freeze({
  Top: 'Top',
  Bottom: 'Bottom',
  Right: 'Right',
  Left: 'Left',
  TopCenter: 'TopCenter',
  BottomCenter: 'BottomCenter',
  RightCenter: 'RightCenter',
  LeftCenter: 'LeftCenter',
} as const);
export type LegendPosition = (typeof LegendPosition)[keyof typeof LegendPosition];
