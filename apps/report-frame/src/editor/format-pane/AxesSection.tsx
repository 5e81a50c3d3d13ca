/** "Ejes": each axis's title (shown, and its text), and the value axis's range. */
import type { VisualFormat } from '@vitrina/bi-model';
import { CommitField, parseNumber, parseText, Toggle } from './controls.tsx';
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
        <CommitField
          label={texts.rangeMin}
          type="number"
          placeholder={texts.automatic}
          value={valueAxis.min}
          parse={parseNumber}
          commit={(min) => set('valueAxis', { ...valueAxis, min })}
        />
        <CommitField
          label={texts.rangeMax}
          type="number"
          placeholder={texts.automatic}
          value={valueAxis.max}
          parse={parseNumber}
          commit={(max) => set('valueAxis', { ...valueAxis, max })}
        />
      </div>
    </>
  );
}
