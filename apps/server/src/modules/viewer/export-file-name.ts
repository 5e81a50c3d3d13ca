import { safeFileName } from '@vitrina/contracts';

/** The download's name: the report's name, made safe for any file system, with `extension`. */
export const exportFileName = (reportName: string, extension: string): string =>
  safeFileName(reportName, extension, 'informe');

/**
 * `Content-Disposition: attachment` naming `fileName` (RFC 6266): an ASCII `filename` for old
 * clients and the exact UTF-8 name in `filename*` ("Ventas Perú.pdf" stays so).
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
