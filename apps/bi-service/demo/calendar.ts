/**
 * The Calendario table shared by the demo datasets: one row per day (sales) or per month
 * (finance, HR), with the Año > Trimestre > Mes > Día hierarchy used for drill down.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { TableDefinition } from '../src/engine/model.ts';
import { hierarchy } from './model-builder.ts';

const FIRST_DAY = '2022-01-01';
export const LAST_DAY = '2025-12-31';

export function calendarTable(grain: 'day' | 'month'): TableDefinition {
  const levels = ['Año', 'Trimestre', 'Mes', ...(grain === 'day' ? ['Día'] : [])];
  return {
    name: 'Calendario',
    columns: [
      { name: 'Fecha', dataType: 'date', format: 'dd/MM/yyyy' },
      { name: 'Año', dataType: 'integer', format: '0' },
      { name: 'Trimestre', dataType: 'string' },
      { name: 'Mes', dataType: 'string', sortBy: 'NúmeroMes' },
      { name: 'NúmeroMes', dataType: 'integer' },
      { name: 'Mes y año', dataType: 'string', sortBy: 'Fecha' },
      { name: 'Día', dataType: 'integer' },
    ],
    hierarchies: [hierarchy('Fecha', levels)],
  };
}

const monthNames = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
];

/** Creates Calendario from FIRST_DAY to LAST_DAY at the given grain. */
export async function createCalendar(
  connection: DuckDBConnection,
  grain: 'day' | 'month',
): Promise<void> {
  const names = `[${monthNames.map((name) => `'${name}'`).join(', ')}]`;
  await connection.run(`
    CREATE OR REPLACE TABLE "Calendario" AS
    SELECT
      CAST(d AS DATE) AS "Fecha",
      year(d) AS "Año",
      'T' || quarter(d) AS "Trimestre",
      ${names}[month(d)] AS "Mes",
      month(d) AS "NúmeroMes",
      left(${names}[month(d)], 3) || ' ' || year(d) AS "Mes y año",
      day(d) AS "Día"
    FROM range(DATE '${FIRST_DAY}', DATE '${LAST_DAY}' + INTERVAL 1 DAY, INTERVAL 1 ${grain.toUpperCase()}) AS t(d)`);
}
