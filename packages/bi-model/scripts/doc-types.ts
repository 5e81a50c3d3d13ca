/**
 * The generated type block of docs/bi-embed-api.md: the contract's named schemas rendered as
 * TypeScript and formatted with the repository's Prettier settings, between two marker lines.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import * as model from '../src/index.ts';
import { renderDeclarations } from './render-types.ts';

export const docPath = resolve(import.meta.dirname, '../../../docs/bi-embed-api.md');

const START =
  '<!-- types: generated from packages/bi-model by `npm run docs -w @vitrina/bi-model` -->';
const END = '<!-- end of generated types -->';

/** In reading order: what the frame gets, what it sends, then the building blocks. */
const documented = [
  model.embedReportSchema,
  model.reportTypeSchema,
  model.datasetSchemaSchema,
  model.dataTypeSchema,
  model.reportDefinitionSchema,
  model.pageDefinitionSchema,
  model.visualDefinitionSchema,
  model.visualFormatSchema,
  model.dataRoleSchema,
  model.visualTypeSchema,
  model.fieldRefSchema,
  model.aggregationSchema,
  model.paginatedDefinitionSchema,
  model.embedDashboardSchema,
  model.dashboardTileSchema,
  model.querySchema,
  model.queryResultSchema,
  model.queryBatchRequestSchema,
  model.queryBatchLineSchema,
  model.exportRequestSchema,
  model.qnaRequestSchema,
  model.qnaAnswerSchema,
  model.revisionRequestSchema,
  model.revisionResponseSchema,
  model.biErrorBodySchema,
  model.filterSchema,
  model.basicFilterSchema,
  model.advancedFilterSchema,
  model.conditionOperatorSchema,
  model.relativeDateFilterSchema,
  model.topNFilterSchema,
  model.includeExcludeFilterSchema,
];

export async function renderTypeBlock(): Promise<string> {
  const options = (await resolveConfig(resolve(import.meta.dirname, 'doc-types.ts'))) ?? {};
  const code = await format(renderDeclarations(documented), { ...options, parser: 'typescript' });
  return `${START}\n\n\`\`\`ts\n${code}\`\`\`\n\n${END}`;
}

/** The document with its generated block replaced by `block`. */
export function withTypeBlock(document: string, block: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${docPath} has no generated type block markers`);
  return document.slice(0, start) + block + document.slice(end + END.length);
}

export const readDoc = () => readFileSync(docPath, 'utf8');
