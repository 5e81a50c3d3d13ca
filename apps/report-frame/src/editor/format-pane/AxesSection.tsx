/** "Ejes": each axis's title (shown, and its text), and the value axis's range. */
import type { VisualFormat } from '@vitrina/bi-model';
import { CommitField, NumberField, parseText, Toggle } from './controls.tsx';
import type { SectionProps } from './section-props.ts';

type AxisKey = 'categoryAxis' | 'valueAxis';

function AxisTitle({ format, set, texts, axis }: SectionProps & { axis: AxisKey }) {
  const current: NonNullable<VisualFormat[AxisKey]> = format[axis] ?? {};
  return (
    <fieldset className="format-axis" data-axis={axis}>
      <legend>{texts[axis]}</legend>
      <Toggle
        label={texts.showAxisTitle}
        checked={current.showTitle === true}
        onChange={(showTitle) => set(axis, { ...current, showTitle })}
      />
      <CommitField
        label={texts.axisTitleText}
        value={current.title}
        parse={parseText}
        commit={(title) => set(axis, { ...current, title })}
      />
    </fieldset>
  );
}

export function AxesSection(props: SectionProps) {
  const { format, set, texts } = props;
  const valueAxis = format.valueAxis ?? {};
  return (
    <>
      <AxisTitle {...props} axis="categoryAxis" />
      <AxisTitle {...props} axis="valueAxis" />
      <div className="format-range" data-axis="valueAxis">
        {(['min', 'max'] as const).map((end) => (
          <NumberField
            key={end}
            label={end === 'min' ? texts.rangeMin : texts.rangeMax}
            placeholder={texts.automatic}
            value={valueAxis[end]}
            commit={(bound) => set('valueAxis', { ...valueAxis, [end]: bound })}
          />
        ))}
      </div>
    </>
  );
}
