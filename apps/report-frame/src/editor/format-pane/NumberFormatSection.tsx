/** "Valores": display units and decimal places, in the shape the number formatter reads. */
import { displayUnits, MAX_DECIMALS } from '@vitrina/bi-model';
import { NumberField, SelectField } from './controls.tsx';
import type { SectionProps } from './section-props.ts';

export function NumberFormatSection({ format, set, texts }: SectionProps) {
  const numberFormat = format.numberFormat ?? {};
  return (
    <>
      <SelectField
        label={texts.displayUnits}
        value={numberFormat.displayUnits ?? 'auto'}
        options={displayUnits.map((units) => [units, texts.displayUnitNames[units]] as const)}
        onChange={(units) => set('numberFormat', { ...numberFormat, displayUnits: units })}
      />
      <NumberField
        label={texts.decimals}
        range={{ min: 0, max: MAX_DECIMALS }}
        placeholder={texts.automatic}
        value={numberFormat.decimals}
        commit={(decimals) => set('numberFormat', { ...numberFormat, decimals })}
      />
    </>
  );
}
