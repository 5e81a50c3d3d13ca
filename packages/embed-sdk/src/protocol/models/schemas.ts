/** The `$schema` URLs filters and selectors carry; frames tell filter kinds apart by them. */
const schemaPrefix = 'http://powerbi.com/product/schema#';

export const Schemas = Object.freeze({
  basic: `${schemaPrefix}basic`,
  advanced: `${schemaPrefix}advanced`,
  relativeDate: `${schemaPrefix}relativeDate`,
  topN: `${schemaPrefix}topN`,
  includeExclude: `${schemaPrefix}includeExclude`,
  notSupported: `${schemaPrefix}notSupported`,
  tuple: `${schemaPrefix}tuple`,
  pageSelector: `${schemaPrefix}pageSelector`,
  visualSelector: `${schemaPrefix}visualSelector`,
  visualTypeSelector: `${schemaPrefix}visualTypeSelector`,
  slicerTargetSelector: `${schemaPrefix}slicerTargetSelector`,
} as const);
