/**
 * The BI service reports bad data in English by line (file imports) or row (pushed rows); the
 * Datos page shows it in Spanish, naming the row and the column.
 */
const typeNames: Record<string, string> = {
  integer: 'un entero',
  int64: 'un entero',
  number: 'un número',
  double: 'un número',
  decimal: 'un número',
  date: 'una fecha',
  datetime: 'una fecha',
  boolean: 'un valor verdadero/falso',
  string: 'un texto',
};

const translations: [RegExp, (...parts: string[]) => string][] = [
  [
    /^(?:Line|Row) (\d+), column (.+?): (".*") is not a valid (\w+)$/,
    (row, column, value, type) =>
      `Fila ${row}, columna ${column}: ${value} no es ${typeNames[type.toLowerCase()] ?? type} válido.`,
  ],
  [
    /^Line (\d+): expected (\d+) columns, found (\d+)$/,
    (row, expected, found) => `Fila ${row}: se esperaban ${expected} columnas y hay ${found}.`,
  ],
  [
    /^Line (\d+): a quoted value is not closed$/,
    (row) => `Fila ${row}: falta cerrar unas comillas.`,
  ],
  [
    /^Line (\d+): the line cannot be read as CSV$/,
    (row) => `Fila ${row}: no se puede leer como CSV.`,
  ],
  [/^The file cannot be read as (\w+)$/, (format) => `El archivo no se puede leer como ${format}.`],
  [
    /^An imported table keeps its file's columns: (.*)$/,
    (columns) => `Una tabla importada conserva las columnas de su archivo: ${columns}.`,
  ],
  [
    /^Dataset (.+) exists and is not an imported dataset$/,
    (name) => `Ya existe un conjunto de datos «${name}» que no proviene de un archivo.`,
  ],
  [
    /^Dataset .+ has no PostgreSQL source to refresh$/,
    () => 'El conjunto de datos no tiene un origen PostgreSQL que actualizar.',
  ],
  [/^The file is larger than the service accepts$/, () => 'El archivo es demasiado grande.'],
];

/** Spanish for a BI service message, or `fallback` when the message is not one it knows. */
export function spanishBiMessage(message: string | undefined, fallback: string): string {
  if (!message) return fallback;
  for (const [pattern, translate] of translations) {
    const match = pattern.exec(message);
    if (match) return translate(...match.slice(1));
  }
  return fallback;
}
