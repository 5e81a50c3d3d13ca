/**
 * Hands `file` to the browser as a download named `fileName` (an `<a download>` click): the file
 * is saved, no tab opens. The object URL is released once the browser has taken it.
 */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
