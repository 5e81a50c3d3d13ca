import { describe, expect, it } from 'vitest';
import type { ReviewLine } from '@vitrina/contracts';
import { pdfText, poppler } from '@vitrina/test-support/poppler';
import { accessReview, reviewLine as line } from '@vitrina/test-support/reviews';
import { reviewPdf } from './review-pdf.ts';

const evidence = (lines: ReviewLine[]) => ({
  review: accessReview(lines),
  scope: 'Cuenta «Retail Andino» › Área de trabajo «Comercial»',
  generatedAt: '2026-11-26T09:30:00.000Z',
  generatedBy: 'auditora',
});

describe('access review PDF', () => {
  it('says what was reviewed, by whom, when, where it stands, and every decision', async () => {
    const pdf = await reviewPdf(
      evidence([
        line(1, {
          username: 'María Ñúñez',
          lastUsed: '2026-11-19T15:05:00.000Z',
          recommendation: 'keep',
          decision: 'keep',
          decidedAt: '2026-11-21T08:15:00.000Z',
          decidedBy: 'admin',
        }),
        line(2, { grantedThrough: { levels: [], groups: ['ventas-norte'] }, escalated: true }),
      ]),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Revisión de acceso 7',
      'Alcance: Cuenta «Retail Andino» › Área de trabajo «Comercial»',
      'Iniciada por: admin',
      'Creada: 20/11/2026, 10:00',
      'Fecha límite: 25/11/2026',
      'Vencida (Mantener 1 · Quitar 0 · Sin decidir 1)',
      'Generada el 26/11/2026, 09:30 por auditora',
      'María Ñúñez',
      '19/11/2026, 15:05',
      'Grupo ventas-norte',
      'Pendiente (escalada)',
      '21/11/2026, 08:15',
      'Página 1 de 1',
    ])
      expect(text).toContain(expected);
    // Every font is embedded (a subset): the file reads the same wherever it is opened.
    const fonts = poppler('pdffonts', pdf).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/DejaVuSans.* yes yes yes/);
  });

  it('flows a long review over several sheets, the table header on each', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => line(i + 1));
    const pdf = await reviewPdf(evidence(lines));
    const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', pdf))?.[1]);
    expect(pages).toBeGreaterThan(2);
    const sheets = poppler('pdftotext', pdf)
      .split('\f')
      .map((sheet) => sheet.replace(/\s+/g, ' '))
      .filter((sheet) => sheet.trim());
    expect(sheets).toHaveLength(pages);
    sheets.forEach((sheet, i) => {
      expect(sheet).toContain('Usuario');
      expect(sheet).toContain('Fecha de decisión');
      expect(sheet).toContain(`Página ${i + 1} de ${pages}`);
    });
    const text = sheets.join('\n');
    for (const { username } of lines) expect(text).toContain(username);
  });
});
