/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/**
 * A download's name: `name` made safe for any file system, with `extension` ("Ventas Perú.pdf");
 * `fallback` when nothing is left of it. The server's `Content-Disposition` and the web's saved
 * file use it alike, so a file is named the same however it is fetched.
 */
export function safeFileName(name: string, extension: string, fallback: string): string {
  const base = name.replace(unsafe, ' ').replace(/\s+/g, ' ').trim().slice(0, 150);
  return `${base || fallback}${extension}`;
}
