import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type PDFDocumentClass from 'pdfkit';
import { reviewDecisionNames, wayInText, type Review, type ReviewLine } from '@vitrina/contracts';

/**
 * The review as evidence, in PDF (decision 0300): a header (scope, who started it, dates,
 * state) and one table row per (user, report) access, over as many A4 landscape sheets as it
 * takes, the table's header repeated on each. Drawn with pdfkit in DejaVu Sans Condensed, embedded
 * (a subset), so the text is text (selectable, searchable) and reads the same on any machine.
 */

export interface ReviewEvidence {
  review: Review;
  /** The scope as the administrator knows it: "Cuenta «…» › Área de trabajo «…»". */
  scope: string;
  generatedAt: string;
  generatedBy: string | null;
}

// DejaVu Sans Condensed (free licence, wide Unicode coverage), from its npm package.
const fonts = {
  regular: import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: import.meta.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
};

/** pdfkit and its fonts, loaded at the first PDF: the portal starts without paying for them. */
let toolkit: Promise<{ PDFDocument: typeof PDFDocumentClass; regular: Buffer; bold: Buffer }>;
function loadToolkit() {
  toolkit ??= Promise.all([
    import('pdfkit'),
    readFile(fileURLToPath(fonts.regular)),
    readFile(fileURLToPath(fonts.bold)),
  ]).then(([pdfkit, regular, bold]) => ({ PDFDocument: pdfkit.default, regular, bold }));
  return toolkit;
}

// Times are the server's (UTC), written as Spanish readers write them: 25/11/2026, 09:30.
const esDateTime = new Intl.DateTimeFormat('es', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const esDate = new Intl.DateTimeFormat('es', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTime = (iso: string | null) => (iso ? esDateTime.format(new Date(iso)) : '');

/**
 * The table: each column's title, share of the width (points on A4 landscape, sized so that dates
 * and the headings fit on one line), and cell.
 */
const columns: { title: string; share: number; cell: (line: ReviewLine) => string }[] = [
  { title: 'Usuario', share: 100, cell: (line) => line.username },
  { title: 'Informe', share: 140, cell: (line) => line.reportName },
  { title: 'Vía de acceso', share: 100, cell: (line) => wayInText(line.grantedThrough) },
  { title: 'Último uso', share: 80, cell: (line) => dateTime(line.lastUsed) || 'Nunca' },
  {
    title: 'Recomendación',
    share: 76,
    cell: (line) => reviewDecisionNames[line.recommendation],
  },
  {
    title: 'Decisión',
    share: 90,
    cell: (line) =>
      `${line.decision ? reviewDecisionNames[line.decision] : 'Pendiente'}${line.escalated ? ' (escalada)' : ''}`,
  },
  { title: 'Decidida por', share: 100, cell: (line) => line.decidedBy ?? '' },
  { title: 'Fecha de decisión', share: 84, cell: (line) => dateTime(line.decidedAt) },
];

/** Where the review stands: decided, in progress, or past its due date with lines kept. */
function stateOf(review: Review): string {
  const count = (decision: 'keep' | 'remove') =>
    review.lines.filter((line) => line.decision === decision).length;
  const tally = `Mantener ${count('keep')} · Quitar ${count('remove')} · Sin decidir ${review.pending}`;
  if (review.lines.length === 0) return 'Completa: no había accesos que revisar.';
  if (review.pending === 0) return `Completa (${tally}).`;
  if (review.lines.some((line) => line.escalated && line.decision === null))
    return `Vencida (${tally}): las líneas sin decidir se mantienen y se escalaron a los administradores.`;
  return `En curso (${tally}).`;
}

type Doc = PDFKit.PDFDocument;
type Font = 'regular' | 'bold';

const sheet = { margin: 36, footer: 18, fontSize: 8.5, padding: 3 };
const colors = { header: '#dfe6ea', stripe: '#f4f6f7', rule: '#c4ccd1', muted: '#555555' };

/** The title, and what the review is: scope, who started it, dates and state. */
function drawHeading(doc: Doc, { review, scope, generatedAt, generatedBy }: ReviewEvidence) {
  doc.font('bold').fontSize(16).text(`Revisión de acceso ${review.id}`);
  doc.moveDown(0.4).fontSize(9.5);
  const field = (label: string, value: string) =>
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  field('Alcance', scope);
  field('Iniciada por', review.createdBy ?? 'el sistema');
  field('Creada', dateTime(review.createdAt));
  field('Fecha límite', esDate.format(new Date(review.dueDate)));
  field('Estado', stateOf(review));
  const generated = `Generada el ${dateTime(generatedAt)} por ${generatedBy ?? 'el sistema'}.`;
  doc.fillColor(colors.muted).text(`${generated} Horas en UTC.`).fillColor('black');
  doc.moveDown(0.8);
}

/** One row per line, below the heading; a row that does not fit starts a sheet, headed again. */
function drawTable(doc: Doc, lines: ReviewLine[]) {
  const left = sheet.margin;
  const width = doc.page.width - 2 * sheet.margin;
  const bottom = doc.page.height - sheet.margin - sheet.footer;
  const shares = columns.reduce((sum, column) => sum + column.share, 0);
  const widths = columns.map((column) => (column.share / shares) * width);
  const textWidth = (index: number) => widths[index]! - 2 * sheet.padding;

  // Wrapping text is what costs; a review repeats its reports, ways in, dates and decisions.
  const wrapped = new Map<string, number>();
  const cellHeight = (text: string, column: number, font: Font) => {
    const key = `${font}\n${column}\n${text}`;
    let height = wrapped.get(key);
    if (height === undefined) {
      height = doc.heightOfString(text, { width: textWidth(column) });
      wrapped.set(key, height);
    }
    return height;
  };
  const heightOf = (cells: string[], font: Font) => {
    doc.font(font).fontSize(sheet.fontSize);
    return Math.max(...cells.map((text, i) => cellHeight(text, i, font))) + 2 * sheet.padding;
  };
  /** Draws a row at `top`, on a band of `fill` (if any) and ruled below; answers its height. */
  const drawRow = (cells: string[], top: number, font: Font, fill?: string) => {
    const height = heightOf(cells, font); // leaves `font` set for the cells
    if (fill) doc.rect(left, top, width, height).fill(fill).fillColor('black');
    let x = left;
    cells.forEach((text, i) => {
      doc.text(text, x + sheet.padding, top + sheet.padding, { width: textWidth(i) });
      x += widths[i]!;
    });
    const ruleAt = top + height;
    doc
      .moveTo(left, ruleAt)
      .lineTo(left + width, ruleAt)
      .lineWidth(0.5)
      .stroke(colors.rule);
    return height;
  };

  const headings = columns.map((column) => column.title);
  let y = doc.y + drawRow(headings, doc.y, 'bold', colors.header);
  lines.forEach((line, index) => {
    const cells = columns.map((column) => column.cell(line));
    if (y + heightOf(cells, 'regular') > bottom) {
      doc.addPage();
      y = sheet.margin + drawRow(headings, sheet.margin, 'bold', colors.header);
    }
    y += drawRow(cells, y, 'regular', index % 2 === 1 ? colors.stripe : undefined);
  });
  if (!lines.length) doc.font('regular').text('La revisión no tiene líneas.', left, y + 6);
}

/** "… · Página n de m" at the foot of every sheet, once their number is known. */
function numberSheets(doc: Doc, label: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // text in the margin must not start another sheet
    doc.font('regular').fontSize(7.5).fillColor(colors.muted);
    doc.text(`${label} · Página ${i - start + 1} de ${count}`, sheet.margin, doc.page.height - 45, {
      width: doc.page.width - 2 * sheet.margin,
      align: 'right',
      lineBreak: false,
    });
  }
}

export async function reviewPdf(evidence: ReviewEvidence): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await loadToolkit();
  const { id, scope } = evidence.review;
  const title = `Revisión de acceso ${id}: ${scope.name}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: sheet.margin,
    bufferPages: true,
    lang: 'es-ES',
    displayTitle: true,
    info: { Title: title, Author: 'Vitrina', Subject: 'Evidencia de una revisión de acceso' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  drawHeading(doc, evidence);
  drawTable(doc, evidence.review.lines);
  numberSheets(doc, title);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
