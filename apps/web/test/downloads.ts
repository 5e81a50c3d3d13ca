import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Records, for each test of the calling file, the names of the files the page hands to the browser
 * as downloads (`saveFile`'s `<a download>` click), instead of letting jsdom navigate. The array is
 * emptied before each test.
 */
export function recordDownloads(): string[] {
  const downloads: string[] = [];
  beforeEach(() => {
    downloads.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:download');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return downloads;
}
