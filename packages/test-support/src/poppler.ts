import { execFileSync } from 'node:child_process';

/**
 * Reading PDFs back with poppler's tools (`poppler-utils`), given the file's bytes on standard
 * input: what a reader would select and copy, how many sheets, which fonts are embedded.
 */
export function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer): string {
  // pdftotext keeps the layout: a table's row reads as one line, its cells in order.
  const args = tool === 'pdftotext' ? ['-layout', '-', '-'] : ['-'];
  return execFileSync(tool, args, { input: pdf, encoding: 'utf8' });
}

/** The PDF's text with every run of white space as one space, sheets included. */
export const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf).replace(/\s+/g, ' ');
