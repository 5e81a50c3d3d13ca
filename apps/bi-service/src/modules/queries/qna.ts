/**
 * A small question interpreter for the Q&A embed: it finds the dataset's measure and column names
 * in a Spanish or English question ("ventas por país", "top 5 productos por ventas en 2024",
 * "sales by channel") and answers with a query and a suggested visual type.
 */
import {
  isDateType,
  type FieldRef,
  type Filter,
  type ParsedQuery,
  type QnaAnswer,
} from '@vitrina/bi-model';
import type { DatasetDefinition } from '../../engine/model.ts';
import { QueryError } from '../../engine/query-error.ts';

/** Lower case without accents, so "País" matches "pais". */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

interface NamedField {
  name: string;
  ref: FieldRef;
  kind: 'measure' | 'column';
  isTime: boolean;
}

const timeColumns = new Set(['fecha', 'ano', 'trimestre', 'mes', 'mes y ano', 'dia']);

function namedFields(definition: DatasetDefinition): NamedField[] {
  return definition.tables.flatMap((table) => [
    ...(table.measures ?? []).map((m) => ({
      name: m.name,
      ref: { table: table.name, measure: m.name },
      kind: 'measure' as const,
      isTime: false,
    })),
    ...table.columns
      .filter((c) => !c.name.startsWith('Id'))
      .map((c) => ({
        name: c.name,
        ref: { table: table.name, column: c.name },
        kind: 'column' as const,
        isTime: isDateType(c.dataType) || timeColumns.has(normalize(c.name)),
      })),
  ]);
}

/** English words for the Spanish names the demo datasets use, so "sales by country" works too. */
const englishWords: Record<string, string> = {
  sales: 'ventas',
  revenue: 'ventas',
  by: 'por',
  country: 'pais',
  countries: 'pais',
  city: 'ciudad',
  cities: 'ciudad',
  store: 'tienda',
  stores: 'tienda',
  channel: 'canal',
  channels: 'canal',
  product: 'producto',
  products: 'producto',
  category: 'categoria',
  categories: 'categoria',
  brand: 'marca',
  customers: 'clientes',
  clients: 'clientes',
  units: 'unidades',
  margin: 'margen',
  year: 'ano',
  quarter: 'trimestre',
  month: 'mes',
  date: 'fecha',
  employees: 'empleados',
  headcount: 'dotacion',
  turnover: 'rotacion',
  salary: 'salario',
  area: 'area',
  gender: 'genero',
  budget: 'presupuesto',
  actual: 'real',
  in: 'en',
};

function translate(question: string): string {
  return question.replace(/\p{L}+/gu, (word) => englishWords[word] ?? word);
}

/**
 * Where each field's name occurs as whole words in the question, longest names first. A second
 * pass ignores trailing symbols ("Rotación %" answers to "rotación") for names not found whole.
 */
function findFields(question: string, fields: NamedField[]): { field: NamedField; at: number }[] {
  const found: { field: NamedField; at: number }[] = [];
  let remaining = ` ${question} `;
  const byLength = [...fields].sort((a, b) => b.name.length - a.name.length);
  for (const loose of [false, true]) {
    for (const field of byLength) {
      if (found.some((other) => other.field === field)) continue;
      const whole = normalize(field.name);
      const name = loose ? whole.replace(/[^\p{L}\p{N}]+$/u, '') : whole;
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const match = new RegExp(`[^\\p{L}\\p{N}]${escaped}(?:es|s)?(?=[^\\p{L}\\p{N}])`, 'u').exec(
        remaining,
      );
      if (!match || name === '') continue;
      found.push({ field, at: match.index });
      // Blank the match so a shorter name inside it ("Mes" in "Mes y año") is not found again.
      remaining =
        remaining.slice(0, match.index) +
        ' '.repeat(match[0].length) +
        remaining.slice(match.index + match[0].length);
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

export function interpretQuestion(definition: DatasetDefinition, question: string): QnaAnswer {
  const text = translate(normalize(question));
  const found = findFields(text, namedFields(definition));
  const measures = found.filter((f) => f.field.kind === 'measure').map((f) => f.field);
  const columns = found.filter((f) => f.field.kind === 'column').map((f) => f.field);
  const fallback = namedFields(definition).find((f) => f.kind === 'measure');
  const measureFields = measures.length > 0 ? measures : fallback ? [fallback] : [];
  if (measureFields.length === 0)
    throw new QueryError('The question names nothing this dataset can measure');

  const top =
    /\b(?:top|los|las|mejores|primeros|principales)\s+(\d{1,3})\b|\b(\d{1,3})\s+(?:mejores|principales|primeros)\b/.exec(
      text,
    );
  const topCount = top ? Number(top[1] ?? top[2]) : undefined;
  const filters: Filter[] = [];
  const year = /\b(?:en|in|de|del|durante)\s+(\d{4})\b/.exec(text);
  const yearColumn = namedFields(definition).find(
    (f) => f.kind === 'column' && normalize(f.name) === 'ano',
  );
  if (year && yearColumn)
    filters.push({
      target: yearColumn.ref,
      filterType: 1,
      operator: 'In',
      values: [Number(year[1])],
    });

  const groupBy = columns.slice(0, 2).map((c) => c.ref);
  const first = measureFields[0]!;
  const query: ParsedQuery = {
    groupBy,
    measures: measureFields.map((m) => m.ref),
    filters,
    ...(topCount && groupBy.length > 0
      ? { orderBy: [{ field: first.ref, direction: 2 as const }], limit: topCount }
      : {}),
  };
  const grouped = columns.slice(0, 2).map((c) => c.name);
  const title = [
    ...(topCount && groupBy.length > 0 ? [`Top ${topCount}:`] : []),
    measureFields.map((m) => m.name).join(' y '),
    ...(grouped.length > 0 ? [`por ${grouped.join(' y ')}`] : []),
    ...(year ? [`en ${year[1]}`] : []),
  ].join(' ');
  const visualType =
    groupBy.length === 0
      ? 'card'
      : columns[0]!.isTime
        ? 'lineChart'
        : groupBy.length > 1
          ? 'stackedColumnChart'
          : topCount
            ? 'clusteredBarChart'
            : 'clusteredColumnChart';
  return { query, visualType, title };
}
