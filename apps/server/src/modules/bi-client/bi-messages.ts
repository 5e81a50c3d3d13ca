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
  datetime: 'una fecha y hora',
  boolean: 'un valor verdadero/falso',
  string: 'un texto',
};

/**
 * Power BI's refusals of Export To File that an administrator fixes on the Power BI side
 * (decision 0250): the workspace's capacity, and write permission for an export under RLS.
 */
const exportCapacity =
  'Power BI no permite exportar este informe: el área de trabajo debe estar en una capacidad Premium, Embedded o Fabric (Premium por usuario no alcanza). Consulte a su administrador.';
const exportWithIdentity =
  'Power BI no permite exportar con seguridad por filas: la cuenta de integración necesita permiso de escritura sobre el modelo y rol de Colaborador o Administrador en el área de trabajo.';
/** By the error's code, given its message: Power BI's refusals and a failed export job's end. */
const codeTranslations: Readonly<Record<string, (message: string) => string>> = {
  FeatureNotAvailableError: () => exportCapacity,
  PowerBIFeatureNotAvailable: () => exportCapacity,
  // The bundled service's export jobs (Failed): this one's message is already Spanish, naming
  // the install step that is missing.
  ExportUnavailable: (message) => message,
  ExportTimedOut: () => 'La exportación tardó demasiado y se detuvo; pruebe con menos páginas.',
  ExportCanceled: () => 'La exportación se canceló.',
  ServiceUnavailable: () =>
    'El servicio de BI estaba ocupado o se reinició durante la exportación; vuelva a exportar.',
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
  // The limits of a file import (BI service, decision 0223).
  [
    /^The file is larger than the (\d+) MB the service accepts$/,
    (megabytes) => `El archivo supera los ${megabytes} MB que acepta el servicio de BI.`,
  ],
  [/^The file is empty$/, () => 'El archivo está vacío.'],
  [
    /^The first line is longer than (\d+) MB$/,
    (megabytes) => `La primera fila del archivo ocupa más de ${megabytes} MB.`,
  ],
  [
    /^The file has (\d+) columns; an import takes at most (\d+)$/,
    (columns, most) => `El archivo tiene ${columns} columnas; se admiten como máximo ${most}.`,
  ],
  [
    /^The sheet has more than (\d+) (columns|rows)$/,
    (most, what) => `La hoja tiene más de ${most} ${what === 'rows' ? 'filas' : 'columnas'}.`,
  ],
  [
    /^The workbook part .+ inflates more than (\d+) times: it is not read$/,
    (times) =>
      `El libro XLSX se descomprime más de ${times} veces su tamaño: no se lee, por seguridad.`,
  ],
  [
    /^The (?:workbook inflates to|sheet as CSV is larger than the) .*?(\d+) bytes an import may (?:read|write)$/,
    (bytes) =>
      `El libro XLSX descomprimido supera los ${Math.round(Number(bytes) / 1024 / 1024)} MB que admite una importación.`,
  ],
  [
    /^The workbook's shared strings hold more than/,
    () => 'El libro XLSX tiene más textos de los que admite una importación.',
  ],
  [
    /^The (?:workbook|file) needs more than the (\d+) MB an import may use$/,
    (megabytes) =>
      `El archivo necesita más memoria de la que puede usar una importación (${megabytes} MB).`,
  ],
  [
    /^The import took longer than (\d+) s and was stopped$/,
    (seconds) => `La importación tardó más de ${seconds} s y se detuvo.`,
  ],
  [
    /^The service is shutting down: the import was cancelled$/,
    () => 'El servicio de BI se está deteniendo: la importación se canceló; vuelva a intentarlo.',
  ],
  [/^The workbook has no rows$/, () => 'La primera hoja del libro no tiene filas.'],
  [
    /^Unsupported file type (.+): use \.csv, \.parquet or \.xlsx$/,
    (extension) =>
      `Tipo de archivo no admitido (${extension}): use un archivo .csv, .txt, .xlsx o .parquet.`,
  ],
  // Export To File refused for the capacity, or for an identity without write permission.
  [
    /\b(?:Premium|capacity)\b.*\bexport|\bexport\b.*\b(?:Premium|capacity)\b/i,
    () => exportCapacity,
  ],
  [/\bwrite permission\b/i, () => exportWithIdentity],
];

/**
 * Spanish for a BI service error, by its code when the code says enough, else by its message;
 * `fallback` when neither is one it knows.
 */
export function spanishBiMessage(
  message: string | undefined,
  fallback: string,
  code?: string,
): string {
  const byCode = code === undefined ? undefined : codeTranslations[code];
  if (byCode) return byCode(message ?? '') || fallback;
  if (!message) return fallback;
  for (const [pattern, translate] of translations) {
    const match = pattern.exec(message);
    if (match) return translate(...match.slice(1));
  }
  return fallback;
}
