import { describe, expect, it } from 'vitest';
import type { VisualDefinition } from '../api/types.ts';
import { bodyFontStyle, containerStyle, withTransparency } from './container-format.ts';

const visual = (options: Record<string, unknown>): VisualDefinition => ({
  name: 'V1',
  type: 'tableEx',
  layout: { x: 0, y: 0, z: 0, width: 400, height: 300 },
  fields: {},
  options,
});

describe('the visual container format', () => {
  it('draws the background colour at its transparency', () => {
    expect(containerStyle(visual({ background: { color: '#FFF4CE' } }))).toEqual({
      background: '#FFF4CE',
    });
    expect(withTransparency('#FF8000', 25)).toBe('rgba(255, 128, 0, 0.75)');
    expect(containerStyle(visual({ background: { transparency: 100 } }))).toEqual({
      background: 'rgba(255, 255, 255, 0)',
    });
  });

  it('draws a border in its colour and radius, or none when turned off', () => {
    expect(
      containerStyle(visual({ border: { show: true, color: '#252423', radius: 12 } })),
    ).toEqual({ border: '1px solid #252423', borderRadius: 12 });
    expect(containerStyle(visual({ border: { show: false } }))).toEqual({
      border: 'none',
      boxShadow: 'none',
    });
  });

  it('leaves the stylesheet alone when nothing is set, and passes the font size to the body', () => {
    expect(containerStyle(visual({ mode: 'Dropdown' }))).toEqual({});
    expect(bodyFontStyle(visual({}))).toEqual({});
    expect(bodyFontStyle(visual({ fontSize: 18 }))).toEqual({ '--visual-font-size': '18px' });
  });
});
