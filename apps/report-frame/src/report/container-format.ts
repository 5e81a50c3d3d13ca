/**
 * What the format pane sets on a visual's container: its background (colour and transparency),
 * its border (shown, colour, corner radius), and the font size its HTML visuals (tables, cards,
 * slicers, text) read through a CSS variable. Unset options leave the stylesheet's look.
 */
import type { CSSProperties } from 'react';
import { readVisualFormat } from '../format/visual-format.ts';
import type { VisualDefinition } from '../api/types.ts';

const DEFAULT_BORDER_COLOR = '#C8C6C4';

/** `#RRGGBB` at a transparency of 0 (solid) to 100 (invisible), as a CSS colour. */
export function withTransparency(hex: string, transparency = 0): string {
  if (transparency <= 0) return hex;
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16);
  const alpha = Math.round((1 - transparency / 100) * 100) / 100;
  return `rgba(${channel(1)}, ${channel(3)}, ${channel(5)}, ${alpha})`;
}

export function containerStyle(visual: VisualDefinition): CSSProperties {
  const { background, border } = readVisualFormat(visual.options);
  const style: CSSProperties = {};
  if (background && (background.color !== undefined || background.transparency !== undefined)) {
    style.background = withTransparency(background.color ?? '#FFFFFF', background.transparency);
  }
  if (border?.show === true) {
    style.border = `1px solid ${border.color ?? DEFAULT_BORDER_COLOR}`;
  } else if (border?.show === false) {
    style.border = 'none';
    style.boxShadow = 'none';
  }
  if (border?.radius !== undefined) style.borderRadius = border.radius;
  return style;
}

/** The body's font size variable, when the author chose a size. */
export function bodyFontStyle(visual: VisualDefinition): CSSProperties {
  const { fontSize } = readVisualFormat(visual.options);
  return fontSize === undefined ? {} : ({ '--visual-font-size': `${fontSize}px` } as CSSProperties);
}
