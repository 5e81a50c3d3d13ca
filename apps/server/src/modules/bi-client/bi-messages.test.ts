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
});
