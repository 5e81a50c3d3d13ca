/**
 * "Colores": a picker per series the chart draws, and on a single-series chart a picker per data
 * point, each starting at the theme's colour; one button returns them all to the theme.
 */
import type { FormatKey } from '@vitrina/bi-model';
import { ColorField } from './controls.tsx';
import type { SectionProps } from './section-props.ts';

type ColorKey = Extract<FormatKey, 'seriesColors' | 'pointColors'>;

export function ColorsSection({
  format,
  set,
  texts,
  colorKey,
  names,
  fallback,
}: SectionProps & {
  colorKey: ColorKey;
  names: string[];
  /** The theme's colour of the name at this index. */
  fallback: (index: number) => string;
}) {
  const colors = format[colorKey] ?? {};
  return (
    <>
      {names.map((name, i) => (
        <ColorField
          key={name}
          label={name}
          value={colors[name]}
          fallback={fallback(i)}
          commit={(color) => set(colorKey, { ...colors, [name]: color })}
        />
      ))}
      {Object.keys(colors).length > 0 && (
        <button type="button" onClick={() => set(colorKey, undefined)}>
          {texts.resetColors}
        </button>
      )}
    </>
  );
}
