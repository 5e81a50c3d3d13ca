/** "Fondo" and "Borde visual": what the visual's container draws around it. */
import { MAX_BORDER_RADIUS } from '@vitrina/bi-model';
import { ColorField, NumberField, Toggle } from './controls.tsx';
import type { SectionProps } from './section-props.ts';

type FramePart = 'background' | 'border';

/** Each part's colour (and what it starts as), and its number: a transparency or a radius. */
const PARTS = {
  background: {
    colorText: 'backgroundColor',
    fallback: '#FFFFFF',
    number: 'transparency',
    max: 100,
  },
  border: {
    colorText: 'borderColor',
    fallback: '#C8C6C4',
    number: 'radius',
    max: MAX_BORDER_RADIUS,
  },
} as const;
const NUMBER_TEXTS = { transparency: 'transparency', radius: 'borderRadius' } as const;

export function FrameSection({ format, set, texts, part }: SectionProps & { part: FramePart }) {
  const current: { show?: boolean; color?: string; transparency?: number; radius?: number } =
    format[part] ?? {};
  const { colorText, fallback, number, max } = PARTS[part];
  const update = (patch: Partial<typeof current>) => set(part, { ...current, ...patch });
  return (
    <>
      {part === 'border' && (
        <Toggle
          label={texts.showBorder}
          checked={current.show === true}
          onChange={(show) => update({ show })}
        />
      )}
      <ColorField
        label={texts[colorText]}
        value={current.color}
        fallback={fallback}
        commit={(color) => update({ color })}
      />
      <NumberField
        label={texts[NUMBER_TEXTS[number]]}
        range={{ min: 0, max }}
        value={current[number]}
        commit={(value) => update({ [number]: value })}
      />
    </>
  );
}
