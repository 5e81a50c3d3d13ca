import { describe, expect, it } from 'vitest';
import { spanishBiMessage } from './bi-messages.ts';

describe('spanishBiMessage', () => {
  it('names the row and column of a value that does not fit its type', () => {
    expect(spanishBiMessage('Line 2, column Tienda: "Lima" is not a valid integer', 'x')).toBe(
      'Fila 2, columna Tienda: "Lima" no es un entero válido.',
    );
    expect(spanishBiMessage('Row 3, column Importe: "mucho" is not a valid Double', 'x')).toBe(
      'Fila 3, columna Importe: "mucho" no es un número válido.',
    );
  });

  it('translates malformed lines and falls back for unknown messages', () => {
    expect(spanishBiMessage('Line 3: expected 2 columns, found 3', 'x')).toBe(
      'Fila 3: se esperaban 2 columnas y hay 3.',
    );
    expect(spanishBiMessage('Something else', 'Error general.')).toBe('Error general.');
    expect(spanishBiMessage(undefined, 'Error general.')).toBe('Error general.');
  });

  it('translates the limits of a file import', () => {
    const cases: [string, string][] = [
      ['The file is empty', 'El archivo está vacío.'],
      [
        'The file is larger than the 100 MB the service accepts',
        'El archivo supera los 100 MB que acepta el servicio de BI.',
      ],
      [
        'The file has 10000 columns; an import takes at most 1000',
        'El archivo tiene 10000 columnas; se admiten como máximo 1000.',
      ],
      ['The sheet has more than 1000 columns', 'La hoja tiene más de 1000 columnas.'],
      [
        'The workbook part xl/worksheets/sheet1.xml inflates more than 100 times: it is not read',
        'El libro XLSX se descomprime más de 100 veces su tamaño: no se lee, por seguridad.',
      ],
      [
        'The workbook inflates to more than the 1048576000 bytes an import may read',
        'El libro XLSX descomprimido supera los 1000 MB que admite una importación.',
      ],
      [
        'The file needs more than the 256 MB an import may use',
        'El archivo necesita más memoria de la que puede usar una importación (256 MB).',
      ],
      [
        'The import took longer than 300 s and was stopped',
        'La importación tardó más de 300 s y se detuvo.',
      ],
    ];
    for (const [english, spanish] of cases) expect(spanishBiMessage(english, 'x')).toBe(spanish);
  });
});

describe('spanishBiMessage for Export To File', () => {
  it("names Power BI's capacity and write-permission requirements", () => {
    const fallback = 'Error general.';
    expect(spanishBiMessage('Whatever', fallback, 'FeatureNotAvailableError')).toMatch(
      /capacidad Premium, Embedded o Fabric/,
    );
    expect(
      spanishBiMessage('Export to file is only available on Premium capacity', fallback),
    ).toMatch(/capacidad Premium/);
    expect(
      spanishBiMessage(
        'Exporting with identities requires write permission on the dataset',
        fallback,
      ),
    ).toMatch(/permiso de escritura sobre el modelo/);
    expect(spanishBiMessage('Other', fallback, 'OtherCode')).toBe(fallback);
  });

  it("gives a failed export job's reason: the bundled service's Spanish one, or its own", () => {
    const fallback = 'Error general.';
    const missing = 'Instale el paquete chromium de Debian (apt install chromium) para exportar.';
    expect(spanishBiMessage(missing, fallback, 'ExportUnavailable')).toBe(missing);
    expect(spanishBiMessage('', fallback, 'ExportUnavailable')).toBe(fallback);
    expect(spanishBiMessage('Export took longer than 120 s', fallback, 'ExportTimedOut')).toMatch(
      /tardó demasiado/,
    );
  });
});
