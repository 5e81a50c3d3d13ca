import type { AuditEntryDto, AuditExportFormat } from '@vitrina/contracts';

/**
 * Lines of the audit exports. CSV is the es dialect (decision 0275): UTF-8 with a BOM so
 * spreadsheets read the accents, `;` between fields, CRLF; JSON Lines is one entry per line.
 */

const csvColumns = [
  'id',
  'at',
  'actorUsername',
  'actorId',
  'ip',
  'action',
  'category',
  'targetType',
  'targetId',
  'before',
  'after',
  'detail',
  'hash',
] as const;

/** A cell that a spreadsheet would run as a formula is prefixed with a quote (CSV injection). */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(entry: AuditEntryDto): string {
  const { before, after, ...rest } = entry.detail ?? {};
  const cells: Record<(typeof csvColumns)[number], unknown> = {
    ...entry,
    before,
    after,
    detail: Object.keys(rest).length > 0 ? rest : null,
  };
  return csvColumns.map((column) => csvCell(cells[column])).join(';');
}

export const auditExportTypes: Record<AuditExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** The export's text: its header (CSV), then one line per entry in the order given. */
export async function* auditExportLines(
  format: AuditExportFormat,
  pages: AsyncIterable<AuditEntryDto[]>,
): AsyncGenerator<string> {
  if (format === 'csv') yield `\uFEFF${csvColumns.join(';')}\r\n`;
  for await (const page of pages) {
    const lines = page.map((entry) =>
      format === 'csv' ? `${csvRow(entry)}\r\n` : `${JSON.stringify(entry)}\n`,
    );
    yield lines.join('');
  }
}
