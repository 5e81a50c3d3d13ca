import { unzipSync } from 'fflate';
import type { MailAttachment, MailMessage } from '../../lib/mailer.ts';

/** A rendered export: one PDF, one PNG, or a ZIP of one PNG per page. */
export interface RenderedFile {
  content: Buffer;
  contentType: string;
  fileName: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The pictures to show in the body: each PNG of a ZIP, or the PNG itself. */
function pagePictures(file: RenderedFile): MailAttachment[] {
  const pngs = file.contentType.includes('zip')
    ? Object.entries(unzipSync(new Uint8Array(file.content)))
        .filter(([name]) => name.toLowerCase().endsWith('.png'))
        .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
        .map(([name, bytes]) => ({ name, content: Buffer.from(bytes) }))
    : [{ name: file.fileName, content: file.content }];
  return pngs.map(({ name, content }, index) => ({
    filename: name.split('/').pop() ?? name,
    content,
    contentType: 'image/png',
    cid: `pagina-${index + 1}@vitrina`,
  }));
}

/**
 * The mail of one subscription to one recipient: the report's name, the message, the PDF
 * attached or the pages as pictures in the body, a link to the report in the portal and the
 * recipient's own unsubscribe link.
 */
export function subscriptionMail(input: {
  to: string;
  subject: string;
  message: string;
  reportName: string;
  reportUrl: string;
  unsubscribeUrl: string;
  file: RenderedFile;
}): MailMessage {
  const { reportName, reportUrl, unsubscribeUrl, file } = input;
  const pdf = file.contentType.includes('pdf');
  const attachments = pdf
    ? [{ filename: file.fileName, content: file.content, contentType: 'application/pdf' }]
    : pagePictures(file);
  const lines = [
    input.message,
    `Informe: ${reportName}`,
    pdf ? 'El informe va adjunto en PDF.' : '',
    `Abrir el informe en el portal: ${reportUrl}`,
    `Para dejar de recibir este correo: ${unsubscribeUrl}`,
  ].filter((line) => line !== '');
  const pictures = attachments
    .filter((a) => a.cid)
    .map(
      (a) =>
        `<p><img src="cid:${a.cid}" alt="${escapeHtml(reportName)}" style="max-width:100%"></p>`,
    )
    .join('');
  const html = [
    input.message ? `<p>${escapeHtml(input.message)}</p>` : '',
    `<h2>${escapeHtml(reportName)}</h2>`,
    pdf ? '<p>El informe va adjunto en PDF.</p>' : pictures,
    `<p><a href="${escapeHtml(reportUrl)}">Abrir el informe en el portal</a></p>`,
    `<p style="font-size:small"><a href="${escapeHtml(unsubscribeUrl)}">Dejar de recibir este correo</a></p>`,
  ].join('');
  return { to: input.to, subject: input.subject, text: lines.join('\n\n'), html, attachments };
}

/** The owner's notice of recipients left out of a send, with why. */
export function skippedNotice(input: {
  to: string;
  subject: string;
  reportName: string;
  skipped: { name: string; reason: string }[];
}): MailMessage {
  const list = input.skipped.map((s) => `- ${s.name}: ${s.reason}`).join('\n');
  return {
    to: input.to,
    subject: `Suscripción «${input.subject}»: destinatarios omitidos`,
    text: `En el envío del informe ${input.reportName} no se envió el correo a:\n\n${list}\n\nNinguno recibió datos de otra persona.`,
  };
}
