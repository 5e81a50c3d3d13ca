/**
 * Generates the sales dataset's rows with DuckDB SQL over range() and hash(): the same rows on
 * every machine, about a second for a million sales, no download.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { tableOf } from '../src/engine/model.ts';
import { writeTable } from '../src/engine/table-writer.ts';
import { createCalendar } from './calendar.ts';
import { firstNames, lastNames, products } from './catalog-data.ts';
import { stores } from './geography.ts';
import { salesDataset } from './sales-model.ts';
import { numberList, pick, stringList, unit } from './sql-literals.ts';

const CUSTOMER_COUNT = 25_000;
const channels = ['Tienda', 'Online', 'Mayorista'];
const segments = [
  'Consumidor',
  'Consumidor',
  'Consumidor',
  'Consumidor',
  'Pequeña empresa',
  'Pequeña empresa',
  'Corporativo',
];
const ageBands = ['18-24', '25-34', '35-44', '45-54', '55 o más'];
/** Units sold per month relative to the average: Mother's Day in May, national holidays in July, Christmas. */
const seasonality = [0.85, 0.8, 0.9, 0.92, 1.1, 0.95, 1.12, 0.95, 0.97, 1.0, 1.12, 1.45];

const table = (name: string) => tableOf(salesDataset, name);

async function writeDimensions(connection: DuckDBConnection): Promise<void> {
  await writeTable(
    connection,
    table('Producto'),
    products.map((p) => [p.id, p.name, p.brand, p.subcategory, p.category, p.price]),
  );
  await writeTable(
    connection,
    table('Tienda'),
    stores.map((s) => [s.id, s.name, s.city, s.country, s.format, s.squareMeters]),
  );
  await writeTable(
    connection,
    table('Canal'),
    channels.map((channel, index) => [index + 1, channel]),
  );
  await connection.run(`
    CREATE OR REPLACE TABLE "Cliente" AS
    SELECT
      CAST(c + 1 AS BIGINT) AS "IdCliente",
      ${stringList(firstNames)}[${pick('c', 1, firstNames.length)}] || ' ' ||
        ${stringList(lastNames)}[${pick('c', 2, lastNames.length)}] || ' ' ||
        ${stringList(lastNames)}[${pick('c', 3, lastNames.length)}] AS "Cliente",
      ${stringList(segments)}[${pick('c', 4, segments.length)}] AS "Segmento",
      ${stringList(ageBands)}[${pick('c', 5, ageBands.length)}] AS "Rango de edad",
      hash(c, 6) % 3 = 0 AS "Programa de lealtad"
    FROM range(${CUSTOMER_COUNT}) AS t(c)`);
}

async function writeSales(connection: DuckDBConnection, rows: number): Promise<void> {
  const productCost = numberList(products.map((p) => p.cost));
  const popularity = numberList([...products].sort((a, b) => a.price - b.price).map((p) => p.id));
  await connection.run(`
    CREATE OR REPLACE TABLE "Ventas" AS
    WITH drawn AS (
      SELECT
        i,
        -- Later days are drawn more often: the business grows over the four years.
        DATE '2022-01-01' + CAST(floor(pow(${unit('i', 1)}, 0.8) * 1461) AS INTEGER) AS fecha,
        -- A skewed pick: cheaper products sell more often.
        ${popularity}[CAST(1 + floor(pow(${unit('i', 2)}, 1.7) * ${products.length}) AS BIGINT)] AS producto,
        ${pick('i', 3, stores.length)} AS tienda,
        ${pick('i', 5, CUSTOMER_COUNT)} AS cliente,
        ${unit('i', 4)} AS canal_u,
        ${unit('i', 6)} AS cantidad_u,
        ${numberList([0, 0, 0, 0.05, 0.05, 0.1, 0.15])}[${pick('i', 7, 7)}] AS descuento
      FROM range(${rows}) AS t(i)
    ), priced AS (
      SELECT
        d.*,
        -- Online grows each year at the expense of the stores.
        CASE WHEN canal_u < 0.7 - 0.06 * (year(fecha) - 2022) THEN 1 WHEN canal_u < 0.9 THEN 2 ELSE 3 END AS canal,
        p."Precio de lista" AS precio,
        ${productCost}[d.producto] AS costo_unitario
      FROM drawn d JOIN "Producto" p ON p."IdProducto" = d.producto
    ), counted AS (
      SELECT
        *,
        CAST(greatest(1, round((CASE WHEN canal = 3 THEN 3 + cantidad_u * 9 ELSE 1 + pow(cantidad_u, 2) * 3 END)
          * ${numberList(seasonality)}[CAST(month(fecha) AS BIGINT)])) AS BIGINT) AS cantidad
      FROM priced
    )
    SELECT
      CAST(i + 1 AS BIGINT) AS "IdVenta",
      fecha AS "Fecha",
      producto AS "IdProducto",
      tienda AS "IdTienda",
      cliente AS "IdCliente",
      CAST(canal AS BIGINT) AS "IdCanal",
      cantidad AS "Cantidad",
      CAST(precio AS DOUBLE) AS "Precio unitario",
      CAST(round(cantidad * precio * descuento, 2) AS DOUBLE) AS "Descuento",
      CAST(round(cantidad * precio * (1 - descuento), 2) AS DOUBLE) AS "Importe",
      CAST(round(cantidad * costo_unitario, 2) AS DOUBLE) AS "Costo"
    FROM counted`);
}

/** Writes every table of the sales dataset; `rows` sales (a million for the demo). */
export async function generateSales(connection: DuckDBConnection, rows: number): Promise<void> {
  await createCalendar(connection, 'day');
  await writeDimensions(connection);
  await writeSales(connection, rows);
}
