import { describe, expect, it } from 'vitest';
import { attachmentHeader, exportFileName } from './export-file-name.ts';

describe('export file name', () => {
  it("is the report's name, safe for any file system, with the extension", () => {
    expect(exportFileName('Ventas Perú', '.pdf')).toBe('Ventas Perú.pdf');
    expect(exportFileName('Ventas 2026/Q1: "final"', '.pptx')).toBe('Ventas 2026 Q1 final.pptx');
    expect(exportFileName(' \u0000 ', '.zip')).toBe('informe.zip');
  });

  it('is an attachment with an ASCII name and the exact UTF-8 one', () => {
    expect(attachmentHeader('Ventas Perú (2026).pdf')).toBe(
      `attachment; filename="Ventas Peru (2026).pdf"; filename*=UTF-8''Ventas%20Per%C3%BA%20%282026%29.pdf`,
    );
  });
});
