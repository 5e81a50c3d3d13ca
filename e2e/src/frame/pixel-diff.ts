/**
 * Visual regression without a native image library: chromium decodes both PNGs, draws them into
 * canvases and compares their ImageData pixel by pixel.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export interface PixelDiff {
  width: number;
  height: number;
  /** Share of pixels whose colour differs by more than the per-channel threshold (0…1). */
  changedRatio: number;
  sameSize: boolean;
}

const CHANNEL_THRESHOLD = 40;

export async function comparePngs(
  browser: Browser,
  actualPath: string,
  referencePath: string,
): Promise<PixelDiff> {
  const toDataUrl = (path: string) =>
    `data:image/png;base64,${readFileSync(path).toString('base64')}`;
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ actual, reference, threshold }) => {
        const load = (src: string) =>
          new Promise<HTMLImageElement>((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve(image);
            image.onerror = () => reject(new Error('PNG could not be decoded'));
            image.src = src;
          });
        const pixels = (image: HTMLImageElement) => {
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d')!;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height);
        };
        const [a, b] = [pixels(await load(actual)), pixels(await load(reference))];
        if (a.width !== b.width || a.height !== b.height) {
          return { width: a.width, height: a.height, changedRatio: 1, sameSize: false };
        }
        let changed = 0;
        for (let i = 0; i < a.data.length; i += 4) {
          for (let c = 0; c < 3; c++) {
            if (Math.abs(a.data[i + c]! - b.data[i + c]!) > threshold) {
              changed++;
              break;
            }
          }
        }
        return {
          width: a.width,
          height: a.height,
          changedRatio: changed / (a.width * a.height),
          sameSize: true,
        };
      },
      {
        actual: toDataUrl(actualPath),
        reference: toDataUrl(referencePath),
        threshold: CHANNEL_THRESHOLD,
      },
    );
  } finally {
    await page.close();
  }
}
