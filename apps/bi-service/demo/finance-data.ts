/**
 * Generates the finance dataset: a monthly budget per cost centre and account, and an actual
 * that drifts a few per cent from it. Revenues are positive and costs negative, so an account
 * waterfall ends at the net result.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { tableOf } from '../src/engine/model.ts';
import { writeTable } from '../src/engine/table-writer.ts';
import { createCalendar } from './calendar.ts';
import { financeDataset } from './finance-model.ts';
import { countries } from './geography.ts';
import { numberList, unit } from './sql-literals.ts';

/** Accounts in statement order, with their monthly amount per unit of centre size. */
const accounts: { name: string; group: string; amount: number }[] = [
  { name: 'Ingresos por ventas', group: 'Ingresos', amount: 1000 },
  { name: 'Devoluciones', group: 'Ingresos', amount: -28 },
  { name: 'Costo de ventas', group: 'Costo de ventas', amount: -560 },
  { name: 'Personal', group: 'Gastos operativos', amount: -140 },
  { name: 'Alquileres', group: 'Gastos operativos', amount: -62 },
  { name: 'Marketing', group: 'Gastos operativos', amount: -38 },
  { name: 'Logística', group: 'Gastos operativos', amount: -47 },
  { name: 'Tecnología', group: 'Gastos operativos', amount: -26 },
  { name: 'Depreciación', group: 'Otros resultados', amount: -21 },
  { name: 'Gastos financieros', group: 'Otros resultados', amount: -14 },
  { name: 'Impuesto a la renta', group: 'Impuestos', amount: -19 },
];

const centres = [
  ...countries.map(({ country }) => ({
    name: `Tiendas ${country}`,
    area: 'Tiendas',
    country,
    size: country === 'Bolivia' || country === 'Ecuador' ? 6 : 12,
  })),
  { name: 'Comercio electrónico', area: 'Digital', country: 'Regional', size: 9 },
  { name: 'Mayorista', area: 'Comercial', country: 'Regional', size: 8 },
  { name: 'Oficina corporativa', area: 'Corporativo', country: 'Perú', size: 3 },
];

export async function generateFinance(connection: DuckDBConnection): Promise<void> {
  await createCalendar(connection, 'month');
  await writeTable(
    connection,
    tableOf(financeDataset, 'Centro de costo'),
    centres.map((centre, index) => [index + 1, centre.name, centre.area, centre.country]),
  );
  await writeTable(
    connection,
    tableOf(financeDataset, 'Cuenta'),
    accounts.map((account, index) => [index + 1, account.name, account.group, index + 1]),
  );
  await connection.run(`
    CREATE OR REPLACE TABLE "Resultados" AS
    WITH budget AS (
      SELECT
        c."Fecha" AS fecha,
        centre AS centro,
        account AS cuenta,
        ${numberList(centres.map((c) => c.size))}[centre] * ${numberList(accounts.map((a) => a.amount))}[account]
          * (1 + 0.09 * (c."Año" - 2022)) * (CASE WHEN c."NúmeroMes" = 12 THEN 1.35 WHEN c."NúmeroMes" IN (5, 7, 11) THEN 1.1 ELSE 1 END)
          AS presupuesto
      FROM "Calendario" c, range(1, ${centres.length + 1}) AS t1(centre), range(1, ${accounts.length + 1}) AS t2(account)
    )
    SELECT
      fecha AS "Fecha",
      CAST(centro AS BIGINT) AS "IdCentro",
      CAST(cuenta AS BIGINT) AS "IdCuenta",
      CAST(round(presupuesto * 1000, 0) AS DOUBLE) AS "Presupuesto",
      CAST(round(presupuesto * 1000 * (0.97 + 0.06 * ${unit('epoch(fecha), centro, cuenta', 1)}), 0) AS DOUBLE) AS "Real"
    FROM budget`);
}
