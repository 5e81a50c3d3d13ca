/**
 * Generates the HR dataset: about 1,800 people hired since 2016 (many of them have left), and
 * one snapshot row per person and month employed between 2022 and 2025.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { createCalendar, LAST_DAY } from './calendar.ts';
import hrRoles from './hr-roles.json' with { type: 'json' };
import { firstNames, lastNames } from './catalog-data.ts';
import { countries } from './geography.ts';
import { numberList, pick, stringList, unit } from './sql-literals.ts';

const EMPLOYEES = 1_800;

/** Roles with their base monthly salary; a role of weight 2 is hired twice as often (hr-roles.json). */
const roles: { area: string; role: string; salary: number; weight: number }[] = hrRoles;
const weighted = roles.flatMap((role) => Array.from({ length: role.weight }, () => role));
/** Salary level by country, relative to Perú. */
const countryFactors = [1, 1.25, 0.95, 0.9, 0.75, 1.1, 1.05];

export async function generateHr(connection: DuckDBConnection): Promise<void> {
  await createCalendar(connection, 'month');
  await connection.run(`
    CREATE OR REPLACE TABLE "Empleado" AS
    WITH drawn AS (
      SELECT
        e,
        ${pick('e', 1, weighted.length)} AS rol,
        ${pick('e', 2, countries.length)} AS pais,
        -- Hiring accelerates over the years, as the company grows.
        DATE '2016-01-01' + CAST(floor(pow(${unit('e', 3)}, 0.7) * (DATE '${LAST_DAY}' - DATE '2016-01-01')) AS INTEGER) AS ingreso,
        ${unit('e', 4)} AS salida_u,
        ${unit('e', 5)} AS salario_u
      FROM range(${EMPLOYEES}) AS t(e)
    ), dated AS (
      SELECT *, CASE WHEN salida_u < 0.45 THEN ingreso + CAST(45 + salida_u / 0.45 * 900 AS INTEGER) END AS salida
      FROM drawn
    ), paid AS (
      SELECT *,
        round(${numberList(weighted.map((r) => r.salary))}[rol] * ${numberList(countryFactors)}[pais] * (0.85 + 0.3 * salario_u), 0) AS salario
      FROM dated
    )
    SELECT
      CAST(e + 1 AS BIGINT) AS "IdEmpleado",
      ${stringList(firstNames)}[${pick('e', 6, firstNames.length)}] || ' ' || ${stringList(lastNames)}[${pick('e', 7, lastNames.length)}] AS "Empleado",
      ${stringList(weighted.map((r) => r.area))}[rol] AS "Área",
      ${stringList(weighted.map((r) => r.role))}[rol] AS "Cargo",
      ${stringList(countries.map((c) => c.country))}[pais] AS "País",
      CASE WHEN hash(e, 8) % 100 < 52 THEN 'Mujer' ELSE 'Hombre' END AS "Género",
      ingreso AS "Fecha de ingreso",
      CASE WHEN salida <= DATE '${LAST_DAY}' THEN salida END AS "Fecha de baja",
      salida IS NULL OR salida > DATE '${LAST_DAY}' AS "Activo",
      CAST(salario AS DOUBLE) AS "Salario actual",
      CASE WHEN salario < 2000 THEN 'Hasta S/ 2 000' WHEN salario < 4000 THEN 'S/ 2 000 - 4 000'
        WHEN salario < 7000 THEN 'S/ 4 000 - 7 000' ELSE 'Más de S/ 7 000' END AS "Banda salarial",
      CAST(date_diff('year', ingreso, coalesce(least(salida, DATE '${LAST_DAY}'), DATE '${LAST_DAY}')) AS BIGINT) AS "Años de antigüedad"
    FROM paid`);
  await connection.run(`
    CREATE OR REPLACE TABLE "Dotación" AS
    SELECT
      c."Fecha" AS "Fecha",
      e."IdEmpleado" AS "IdEmpleado",
      -- Salaries rise about 4 % a year up to today's.
      CAST(round(e."Salario actual" * pow(0.96, 2025 - c."Año"), 0) AS DOUBLE) AS "Salario",
      CAST(date_trunc('month', e."Fecha de ingreso") = c."Fecha" AS BIGINT) AS "Alta",
      CAST(coalesce(date_trunc('month', e."Fecha de baja") = c."Fecha", FALSE) AS BIGINT) AS "Baja"
    FROM "Calendario" c
    JOIN "Empleado" e
      ON e."Fecha de ingreso" < c."Fecha" + INTERVAL 1 MONTH
      AND (e."Fecha de baja" IS NULL OR e."Fecha de baja" >= c."Fecha")`);
}
