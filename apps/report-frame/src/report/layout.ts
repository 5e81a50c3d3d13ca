/** Where each visual of a page goes on screen: custom layout, mobile stacking and display option. */
import type { PageDefinition, VisualLayout } from '../api/types.ts';
import type { FrameSettings } from '../state/report-state.ts';
import { stackForPhone } from './phone-stack.ts';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
  zIndex: number;
}

export interface PageLayout {
  boxes: Record<string, Box>;
  width: number;
  height: number;
  scale: number;
  /** Drawn as the phone view (one column) rather than the desktop canvas. */
  phone?: boolean;
}

const HIDDEN = 1;
const MOBILE_PORTRAIT = 2;

export const DisplayOption = { FitToPage: 0, FitToWidth: 1, ActualSize: 2 } as const;

/** The design-space layouts after applying settings.customLayout (hidden visuals are dropped). */
function designLayouts(
  page: PageDefinition,
  settings: FrameSettings,
): Record<string, VisualLayout> {
  const custom = settings.customLayout?.pagesLayout?.[page.name];
  const hideByDefault = custom?.defaultLayout?.displayState?.mode === HIDDEN;
  const layouts: Record<string, VisualLayout> = {};
  for (const visual of page.visuals) {
    const override = custom?.visualsLayout[visual.name];
    if (override?.displayState?.mode === HIDDEN || (hideByDefault && !override)) continue;
    layouts[visual.name] = { ...visual.layout, ...stripDisplayState(override) };
  }
  return layouts;
}

function stripDisplayState(
  override: (Partial<VisualLayout> & { displayState?: unknown }) | undefined,
): Partial<VisualLayout> {
  if (!override) return {};
  const { displayState: _ignored, ...rest } = override;
  return rest;
}

function isMobileLayout(settings: FrameSettings, isMobileUrl: boolean): boolean {
  return (
    settings.layoutType === MOBILE_PORTRAIT || (isMobileUrl && settings.layoutType === undefined)
  );
}

/** One column, in reading order (or the report's own mobile layout when it has one). */
function mobileLayout(
  page: PageDefinition,
  layouts: Record<string, VisualLayout>,
  viewportWidth: number,
): PageLayout {
  const boxes: Record<string, Box> = {};
  if (page.mobileLayout?.length) {
    const designWidth = Math.max(...page.mobileLayout.map((m) => m.x + m.width));
    const scale = viewportWidth / designWidth;
    for (const m of page.mobileLayout) {
      if (!layouts[m.name]) continue;
      boxes[m.name] = {
        left: m.x * scale,
        top: m.y * scale,
        width: m.width * scale,
        height: m.height * scale,
        zIndex: 1,
      };
    }
    const height = Math.max(0, ...Object.values(boxes).map((b) => b.top + b.height));
    return { boxes, width: viewportWidth, height, scale, phone: true };
  }
  const stacked = stackForPhone(
    page.visuals.flatMap((visual) => {
      const layout = layouts[visual.name];
      return layout ? [{ visual, layout }] : [];
    }),
    viewportWidth,
  );
  for (const [name, box] of Object.entries(stacked.boxes)) boxes[name] = { ...box, zIndex: 1 };
  return { boxes, width: viewportWidth, height: stacked.height, scale: 1, phone: true };
}

export function computeLayout(
  page: PageDefinition,
  settings: FrameSettings,
  viewport: { width: number; height: number },
  isMobileUrl: boolean,
): PageLayout {
  const layouts = designLayouts(page, settings);
  if (isMobileLayout(settings, isMobileUrl)) return mobileLayout(page, layouts, viewport.width);
  const size = settings.customLayout?.pageSize;
  const designWidth = size?.width ?? page.width;
  const designHeight = size?.height ?? page.height;
  const option = settings.customLayout?.displayOption ?? DisplayOption.FitToPage;
  const scale =
    option === DisplayOption.ActualSize
      ? 1
      : option === DisplayOption.FitToWidth
        ? viewport.width / designWidth
        : Math.min(viewport.width / designWidth, viewport.height / designHeight);
  const boxes: Record<string, Box> = {};
  for (const [name, l] of Object.entries(layouts)) {
    boxes[name] = {
      left: l.x * scale,
      top: l.y * scale,
      width: l.width * scale,
      height: l.height * scale,
      zIndex: l.z,
    };
  }
  return { boxes, width: designWidth * scale, height: designHeight * scale, scale };
}
