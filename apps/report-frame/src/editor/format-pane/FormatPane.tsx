/**
 * Power BI's "Formato" pane for the selected visual: the sections its type offers
 * (`formatSectionsByType`, decision 0239), each writing the visual's options through the editor,
 * so every change is one undo step and is saved with the report.
 */
import {
  FONT_SIZE_RANGE,
  formatSectionsByType,
  readVisualFormat,
  visualFormatSchema,
  type FormatSection,
  type LegendPositionName,
} from '@vitrina/bi-model';
import type { ReactNode } from 'react';
import type { VisualDefinition } from '../../api/types.ts';
import { legendPositions } from '../../visuals/format-options.ts';
import type { EditorMessages } from '../editor-messages.ts';
import type { ReportEditor } from '../report-editor.ts';
import { formatVisual } from '../visual-edits.ts';
import { AxesSection } from './AxesSection.tsx';
import { ColorsSection } from './ColorsSection.tsx';
import { CommitField, parseNumber, Toggle } from './controls.tsx';
import { BackgroundSection, BorderSection } from './FrameSections.tsx';
import { NumberFormatSection } from './NumberFormatSection.tsx';
import type { SectionProps, SetFormat } from './section-props.ts';
import { useDrawnNames } from './use-drawn-names.ts';

/** Types whose points take the palette in turn (a slice, a tile), not the series' one colour. */
const PALETTE_POINTS = new Set(['pieChart', 'donutChart', 'treemap', 'funnel']);

function Titled({
  name,
  title,
  children,
}: {
  name: FormatSection;
  title: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="format-section" data-section={name}>
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

export function FormatPane({
  editor,
  visual,
  texts,
}: {
  editor: ReportEditor;
  visual: VisualDefinition;
  texts: EditorMessages;
}) {
  const format = readVisualFormat(visual.options);
  const names = useDrawnNames(editor, visual);
  const colors = editor.controller.state.theme.dataColors;
  const paneTexts = texts.formatPane;
  const set: SetFormat = (key, value) => {
    if (value !== undefined && !visualFormatSchema.shape[key].safeParse(value).success)
      return false;
    editor.applyToPage((p) => formatVisual(p, visual.name, { options: { [key]: value } }));
    return true;
  };
  const props: SectionProps = { format, set, texts: paneTexts };
  const legend = format.legend ?? {};
  const palette = (i: number) => colors[i % colors.length] ?? '#118DFF';
  const pointFallback = PALETTE_POINTS.has(visual.type) ? palette : () => palette(0);

  const section = (name: FormatSection): ReactNode => {
    switch (name) {
      case 'numberFormat':
        return (
          <Titled name={name} title={paneTexts.sections[name]}>
            <NumberFormatSection {...props} />
          </Titled>
        );
      case 'seriesColors':
      case 'pointColors': {
        const drawn = name === 'seriesColors' ? names.series : names.points;
        // Points take their own colour only where there is one series (Power BI's "Mostrar todo").
        if (drawn.length === 0 || (name === 'pointColors' && names.series.length !== 1))
          return null;
        return (
          <Titled name={name} title={paneTexts.sections[name]}>
            <ColorsSection
              {...props}
              colorKey={name}
              names={drawn}
              fallback={name === 'seriesColors' ? palette : pointFallback}
            />
          </Titled>
        );
      }
      case 'fontSize':
        return (
          <Titled name={name} title={paneTexts.sections[name]}>
            <CommitField
              label={paneTexts.fontSize}
              type="number"
              min={FONT_SIZE_RANGE.min}
              max={FONT_SIZE_RANGE.max}
              placeholder={paneTexts.automatic}
              value={format.fontSize}
              parse={parseNumber}
              commit={(size) => set('fontSize', size)}
            />
          </Titled>
        );
      case 'dataLabels':
        return (
          <Toggle
            label={texts.dataLabels}
            checked={format.dataLabels === true}
            onChange={(on) => set('dataLabels', on)}
          />
        );
      case 'axes':
        return (
          <Titled name={name} title={paneTexts.sections[name]}>
            <AxesSection {...props} />
          </Titled>
        );
      case 'gridlines':
        return (
          <Toggle
            label={paneTexts.sections.gridlines}
            checked={format.gridlines !== false}
            onChange={(on) => set('gridlines', on)}
          />
        );
      case 'legend':
        return (
          <div className="format-legend">
            <Toggle
              label={texts.legend}
              checked={legend.show !== false}
              onChange={(show) => set('legend', { ...legend, show })}
            />
            <label className="format-field">
              {texts.legendPosition}
              <select
                value={legend.position ?? 'Top'}
                onChange={(e) =>
                  set('legend', { ...legend, position: e.target.value as LegendPositionName })
                }
              >
                {legendPositions.map((p) => (
                  <option key={p} value={p}>
                    {texts.legendPositions[p]}
                  </option>
                ))}
              </select>
            </label>
          </div>
        );
      case 'background':
        return (
          <Titled name={name} title={paneTexts.sections[name]}>
            <BackgroundSection {...props} />
          </Titled>
        );
      case 'border':
        return (
          <Titled name={name} title={paneTexts.sections[name]}>
            <BorderSection {...props} />
          </Titled>
        );
    }
  };
  return (
    <div className="format-pane" data-visual-type={visual.type}>
      {formatSectionsByType[visual.type].map((name) => (
        <div key={name} className="format-pane-item">
          {section(name)}
        </div>
      ))}
    </div>
  );
}
