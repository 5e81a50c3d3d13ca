import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontSizeOf, measureText } from './measure-text.ts';

/** A canvas context that records what it is asked: jsdom has no canvas of its own. */
function fakeCanvas() {
  const calls = { fonts: [] as string[], measured: [] as string[] };
  const context = {
    set font(value: string) {
      calls.fonts.push(value);
    },
    measureText(text: string) {
      calls.measured.push(text);
      return { width: text.length * 7 };
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('ECharts text measurement', () => {
  it('answers zrender’s wide-character probe with one em, without measuring it', () => {
    const calls = fakeCanvas();
    expect(measureText('国', "normal normal 11px 'Segoe UI', Arial, sans-serif")).toEqual({
      width: 11,
    });
    expect(calls.measured).toEqual([]);
  });

  it('measures every other text on the canvas, setting the font only when it changes', () => {
    const calls = fakeCanvas();
    const font = 'normal normal 12px Arial';
    expect(measureText('Ventas', font).width).toBe(42);
    expect(measureText('Perú', font).width).toBe(28);
    expect(measureText('Ventas', 'bold 14px Arial').width).toBe(42);
    expect(calls.measured).toEqual(['Ventas', 'Perú', 'Ventas']);
    expect(calls.fonts).toEqual([font, 'bold 14px Arial']);
  });

  it('reads the size of a font shorthand, 12 px when it names none', () => {
    expect(fontSizeOf('italic bold 14.5px "Segoe UI"')).toBe(14.5);
    expect(fontSizeOf('sans-serif')).toBe(12);
  });
});
