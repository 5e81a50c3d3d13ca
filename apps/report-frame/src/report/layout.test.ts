import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/sample-report.ts';
import { computeLayout, DisplayOption } from './layout.ts';

const page = sampleReport.definition.pages[0]!;

describe('computeLayout', () => {
  it('fits the whole page into the viewport by default', () => {
    const layout = computeLayout(page, {}, { width: 640, height: 720 }, false);
    expect(layout.scale).toBe(0.5);
    expect(layout.boxes['V2']).toEqual({ left: 0, top: 70, width: 320, height: 150, zIndex: 1 });
  });

  it('fills the width or keeps the design size when asked', () => {
    const shownAs = (displayOption: number) =>
      computeLayout(page, { customLayout: { displayOption } }, { width: 2560, height: 300 }, false);
    expect(shownAs(DisplayOption.FitToWidth).scale).toBe(2);
    const actual = shownAs(DisplayOption.ActualSize);
    expect(actual.scale).toBe(1);
    expect(actual.width).toBe(1280);
  });

  it('shows only the chosen visual of a custom layout, at its custom place (visual embedding)', () => {
    const settings = {
      layoutType: 1,
      customLayout: {
        displayOption: 0,
        pageSize: { type: 4, width: 400, height: 300 },
        pagesLayout: {
          ReportSection1: {
            defaultLayout: { displayState: { mode: 1 } },
            visualsLayout: {
              V4: { x: 1, y: 1, z: 1, width: 400, height: 300, displayState: { mode: 0 } },
            },
          },
        },
      },
    };
    const layout = computeLayout(page, settings, { width: 400, height: 300 }, false);
    expect(Object.keys(layout.boxes)).toEqual(['V4']);
    expect(layout.boxes['V4']).toEqual({ left: 1, top: 1, width: 400, height: 300, zIndex: 1 });
  });

  it("uses the page's own phone layout in mobile portrait", () => {
    const layout = computeLayout(page, { layoutType: 2 }, { width: 720, height: 1000 }, false);
    expect(Object.keys(layout.boxes)).toEqual(['V1']);
    expect(layout.boxes['V1']!.width).toBe(720);
  });

  it('stacks visuals in one column on a phone when the page has no phone layout', () => {
    const withoutMobile = { ...page, mobileLayout: undefined };
    const layout = computeLayout(withoutMobile, {}, { width: 400, height: 800 }, true);
    const boxes = Object.values(layout.boxes);
    expect(boxes.every((b) => b.left === 12 && b.width === 376)).toBe(true);
    const tops = boxes.map((b) => b.top);
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    expect(layout.boxes['V2']!.height).toBeGreaterThanOrEqual(240);
  });
});
