/**
 * Power BI's "Formato" pane for the selected visual: the sections its type offers
 * (`formatSectionsByType`, decision 0239), each writing the visual's options through the editor,
 * so every change is one undo step and is saved with the report.
 */
import {
  FONT_SIZE_RANGE,
  formatSectionsByType,
  legendPositions,
  slicerModeOf,
  slicerModesFor,
  type FormatSection,
} from '@vitrina/bi-model';
import { groupingDataType } from '@vitrina/bi-model/visual-queries';
import { Fragment, type ReactNode } from 'react';
import { answerShapes } from '../../api/answer-check.ts';
import type { VisualDefinition } from '../../api/types.ts';
import { readVisualFormat } from '../../format/visual-format.ts';
import type { EditorMessages } from '../editor-messages.ts';
import type { ReportEditor } from '../report-editor.ts';
import { formatVisual } from '../visual-edits.ts';
import { AxesSection } from './AxesSection.tsx';
import { ColorsSection } from './ColorsSection.tsx';
import { NumberField, SelectField, Toggle } from './controls.tsx';
import { formatPaneMessages, type FormatPaneMessages } from './format-messages.ts';
import { FrameSection } from './FrameSections.tsx';
import { NumberFormatSection } from './NumberFormatSection.tsx';
import type { SectionProps, SetFormat } from './section-props.ts';
import { useDrawnNames } from './use-drawn-names.ts';

/** Types whose points take the palette in turn (a slice, a tile), not the series' one colour. */
const PALETTE_POINTS = new Set(['pieChart', 'donutChart', 'treemap', 'funnel']);

type TitledSection = keyof FormatPaneMessages['sections'];
const isTitled = (name: FormatSection): name is TitledSection =>
  name in formatPaneMessages.es.sections;

/** The selected visual, as the Visualizations pane's parts are given it. */
export interface SelectedVisualProps {
  editor: ReportEditor;
  visual: VisualDefinition;
  texts: EditorMessages;
}

export function FormatPane({ editor, visual, texts }: SelectedVisualProps) {
  const format = readVisualFormat(visual.options);
  const names = useDrawnNames(editor, visual);
  const colors = editor.controller.state.theme.dataColors;
  const paneTexts = texts.formatPane;
  const set: SetFormat = (key, value) => {
    if (value !== undefined && !answerShapes.checkProperty('VisualFormat', key, value).ok)
      return false;
    editor.applyToPage((p) => formatVisual(p, visual.name, { options: { [key]: value } }));
    return true;
  };
  const props: SectionProps = { format, set, texts: paneTexts };
  const legend = format.legend ?? {};
  const themed = (i: number) => colors[i % colors.length] ?? '#118DFF';
  // A chart's one series starts in the default colour when one is set (decision 0285).
  const palette = (i: number) =>
    (names.series.length === 1 && !PALETTE_POINTS.has(visual.type) && format.defaultColor) ||
    themed(i);
  // A bar starts in its series' colour; a slice or a tile in the palette's colour of its place.
  const seriesColor = format.seriesColors?.[names.series[0] ?? ''] ?? palette(0);
  const pointFallback = PALETTE_POINTS.has(visual.type) ? palette : () => seriesColor;
  const colorSection = (colorKey: 'seriesColors' | 'pointColors') => {
    const drawn = colorKey === 'seriesColors' ? names.series : names.points;
    // Points take their own colour only where there is one series (Power BI's "Mostrar todo").
    if (drawn.length === 0 || (colorKey === 'pointColors' && names.series.length !== 1))
      return null;
    const fallback = colorKey === 'seriesColors' ? palette : pointFallback;
    return <ColorsSection {...props} colorKey={colorKey} names={drawn} fallback={fallback} />;
  };

  // A slicer offers the styles its field's type allows (a range needs an order, relative a date).
  const slicerStyle = () => {
    const field = visual.fields.category?.[0];
    const type = field && groupingDataType(editor.controller.state.report.dataset, field);
    return (
      <SelectField
        label={paneTexts.slicerStyle}
        value={slicerModeOf(format.mode, type)}
        options={slicerModesFor(type).map((m) => [m, paneTexts.slicerModeNames[m]] as const)}
        onChange={(mode) => set('mode', mode)}
      />
    );
  };

  /** The sections drawn under a heading of their own. */
  const titled: Record<TitledSection, () => ReactNode> = {
    slicerStyle,
    numberFormat: () => <NumberFormatSection {...props} />,
    seriesColors: () => colorSection('seriesColors'),
    pointColors: () => colorSection('pointColors'),
    fontSize: () => (
      <NumberField
        label={paneTexts.fontSize}
        range={FONT_SIZE_RANGE}
        placeholder={paneTexts.automatic}
        value={format.fontSize}
        commit={(size) => set('fontSize', size)}
      />
    ),
    axes: () => <AxesSection {...props} />,
    background: () => <FrameSection {...props} part="background" />,
    border: () => <FrameSection {...props} part="border" />,
  };
  /** A switch for a part the visual draws unless its key is `false`. */
  const drawnUnlessOff = (key: 'gridlines' | 'showTooltips' | 'showHeader', label: string) => (
    <Toggle label={label} checked={format[key] !== false} onChange={(on) => set(key, on)} />
  );
  /** The sections that are a switch or two, with no heading. */
  const bare: Record<Exclude<FormatSection, TitledSection>, () => ReactNode> = {
    dataLabels: () => (
      <Toggle
        label={texts.dataLabels}
        checked={format.dataLabels === true}
        onChange={(on) => set('dataLabels', on)}
      />
    ),
    gridlines: () => drawnUnlessOff('gridlines', paneTexts.gridlines),
    tooltips: () => drawnUnlessOff('showTooltips', paneTexts.tooltips),
    visualHeader: () => drawnUnlessOff('showHeader', paneTexts.visualHeader),
    legend: () => (
      <>
        <Toggle
          label={texts.legend}
          checked={legend.show !== false}
          onChange={(show) => set('legend', { ...legend, show })}
        />
        <SelectField
          label={texts.legendPosition}
          value={legend.position ?? 'Top'}
          options={legendPositions.map((p) => [p, texts.legendPositions[p]] as const)}
          onChange={(position) => set('legend', { ...legend, position })}
        />
      </>
    ),
  };
  const section = (name: FormatSection) => {
    if (!isTitled(name)) return <div data-section={name}>{bare[name]()}</div>;
    const body = titled[name]();
    return (
      body && (
        <fieldset className="format-section" data-section={name}>
          <legend>{paneTexts.sections[name]}</legend>
          {body}
        </fieldset>
      )
    );
  };
  return (
    <div className="format-pane" data-format-for={visual.type}>
      {formatSectionsByType[visual.type].map((name) => (
        <Fragment key={name}>{section(name)}</Fragment>
      ))}
    </div>
  );
}
