/** "Fondo" and "Borde visual": what the visual's container draws around it. */
import { MAX_BORDER_RADIUS } from '@vitrina/bi-model';
import { ColorField, CommitField, parseNumber, Toggle } from './controls.tsx';
import type { SectionProps } from './section-props.ts';

const WHITE = '#FFFFFF';
const BORDER_GREY = '#C8C6C4';

export function BackgroundSection({ format, set, texts }: SectionProps) {
  const background = format.background ?? {};
  return (
    <>
      <ColorField
        label={texts.backgroundColor}
        value={background.color}
        fallback={WHITE}
        commit={(color) => set('background', { ...background, color })}
      />
      <CommitField
        label={texts.transparency}
        type="number"
        min={0}
        max={100}
        value={background.transparency}
        parse={parseNumber}
        commit={(transparency) => set('background', { ...background, transparency })}
      />
    </>
  );
}

export function BorderSection({ format, set, texts }: SectionProps) {
  const border = format.border ?? {};
  return (
    <>
      <Toggle
        label={texts.showBorder}
        checked={border.show === true}
        onChange={(show) => set('border', { ...border, show })}
      />
      <ColorField
        label={texts.borderColor}
        value={border.color}
        fallback={BORDER_GREY}
        commit={(color) => set('border', { ...border, color })}
      />
      <CommitField
        label={texts.borderRadius}
        type="number"
        min={0}
        max={MAX_BORDER_RADIUS}
        value={border.radius}
        parse={parseNumber}
        commit={(radius) => set('border', { ...border, radius })}
      />
    </>
  );
}
