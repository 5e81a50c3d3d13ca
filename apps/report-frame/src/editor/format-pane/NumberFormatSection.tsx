/** "Valores": display units and decimal places, in the shape the number formatter reads. */
import { displayUnits, MAX_DECIMALS, type DisplayUnits } from '@vitrina/bi-model';
import { CommitField, parseNumber } from './controls.tsx';
import type { SectionProps } from './section-props.ts';

export function NumberFormatSection({ format, set, texts }: SectionProps) {
  const numberFormat = format.numberFormat ?? {};
  return (
    <>
      <label className="format-field">
        {texts.displayUnits}
        <select
          value={numberFormat.displayUnits ?? 'auto'}
          onChange={(e) =>
            set('numberFormat', { ...numberFormat, displayUnits: e.target.value as DisplayUnits })
          }
        >
          {displayUnits.map((units) => (
            <option key={units} value={units}>
              {texts.displayUnitNames[units]}
            </option>
          ))}
        </select>
      </label>
      <CommitField
        label={texts.decimals}
        type="number"
        min={0}
        max={MAX_DECIMALS}
        placeholder={texts.automatic}
        value={numberFormat.decimals}
        parse={parseNumber}
        commit={(decimals) => set('numberFormat', { ...numberFormat, decimals })}
      />
    </>
  );
}
