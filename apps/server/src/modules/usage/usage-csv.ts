import type { ReportUsage, UsageOverview, UserUsage } from '@vitrina/contracts';
import { csvText, type CsvValue } from '@vitrina/bi-model/csv';

/**
 * The "Uso" downloads, in Spanish CSV (`;` and decimal commas, as Excel in Spanish reads it).
 * Times are seconds with two decimals, so a spreadsheet sums and charts them as numbers.
 */
const seconds = (ms: number | null): CsvValue => (ms === null ? null : ms / 1000);
const twoDecimals = () => 2;
const spanish = (rows: CsvValue[][]) => csvText(rows, 'es', twoDecimals);

export function overviewCsv(overview: UsageOverview): string {
  return spanish([
    [
      'Informe',
      'Cuenta',
      'Área de trabajo',
      'Aperturas',
      'Lectores',
      'p50 (s)',
      'p95 (s)',
      'p99 (s)',
      'Errores',
      'Última apertura',
    ],
    ...overview.reports.map((row) => [
      row.name,
      row.account,
      row.workspace,
      row.opens,
      row.viewers,
      seconds(row.p50Ms),
      seconds(row.p95Ms),
      seconds(row.p99Ms),
      row.errors,
      row.lastOpen,
    ]),
  ]);
}

export function reportCsv(report: ReportUsage): string {
  return spanish([
    ['Día', 'Aperturas', 'Lectores'],
    ...report.days.map((day) => [day.day, day.opens, day.viewers]),
  ]);
}

export function userCsv(user: UserUsage): string {
  return spanish([
    ['Fecha', 'Informe', 'Página', 'Hasta rendered (s)', 'Error', 'Dispositivo'],
    ...user.recent.map((open) => [
      open.at,
      open.reportName,
      open.page,
      seconds(open.totalMs),
      open.errorCode,
      open.device === 'phone' ? 'Teléfono' : 'Escritorio',
    ]),
  ]);
}
