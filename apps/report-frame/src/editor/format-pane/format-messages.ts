/** The format pane's texts (Power BI's "Formato" pane), nested in the editor's messages. */
import type { DisplayUnits, FormatSection, SlicerMode } from '@vitrina/bi-model';

/** The sections that are a switch or two under no heading of their own. */
type BareSection = 'dataLabels' | 'legend' | 'gridlines' | 'tooltips' | 'visualHeader';

const es = {
  sections: {
    slicerStyle: 'Configuración de la segmentación',
    numberFormat: 'Valores',
    seriesColors: 'Colores',
    pointColors: 'Colores de los puntos de datos',
    fontSize: 'Texto',
    axes: 'Ejes',
    background: 'Fondo',
    border: 'Borde visual',
    // Switches with no heading: data labels and the legend keep the editor's texts.
  } satisfies Record<Exclude<FormatSection, BareSection>, string>,
  slicerStyle: 'Estilo',
  slicerModeNames: {
    list: 'Lista vertical',
    dropdown: 'Lista desplegable',
    between: 'Entre',
    relative: 'Fecha relativa',
  } satisfies Record<SlicerMode, string>,
  gridlines: 'Líneas de cuadrícula',
  tooltips: 'Información sobre herramientas',
  visualHeader: 'Encabezado del objeto visual',
  displayUnits: 'Unidades de visualización',
  displayUnitNames: {
    auto: 'Automático',
    none: 'Ninguno',
    thousands: 'Miles',
    millions: 'Millones',
    billions: 'Miles de millones',
  } satisfies Record<DisplayUnits, string>,
  decimals: 'Posiciones decimales',
  resetColors: 'Restablecer valores predeterminados',
  fontSize: 'Tamaño de fuente',
  categoryAxis: 'Eje de categorías',
  valueAxis: 'Eje de valores',
  showAxisTitle: 'Mostrar título',
  axisTitleText: 'Texto del título',
  rangeMin: 'Mínimo',
  rangeMax: 'Máximo',
  backgroundColor: 'Color del fondo',
  transparency: 'Transparencia (%)',
  showBorder: 'Mostrar borde',
  borderColor: 'Color del borde',
  borderRadius: 'Radio redondeado (px)',
  automatic: 'Automático',
};

export type FormatPaneMessages = typeof es;

const en: FormatPaneMessages = {
  sections: {
    slicerStyle: 'Slicer settings',
    numberFormat: 'Values',
    seriesColors: 'Colors',
    pointColors: 'Data point colors',
    fontSize: 'Text',
    axes: 'Axes',
    background: 'Background',
    border: 'Visual border',
  },
  slicerStyle: 'Style',
  slicerModeNames: {
    list: 'Vertical list',
    dropdown: 'Dropdown',
    between: 'Between',
    relative: 'Relative date',
  },
  gridlines: 'Gridlines',
  tooltips: 'Tooltips',
  visualHeader: 'Visual header',
  displayUnits: 'Display units',
  displayUnitNames: {
    auto: 'Auto',
    none: 'None',
    thousands: 'Thousands',
    millions: 'Millions',
    billions: 'Billions',
  },
  decimals: 'Decimal places',
  resetColors: 'Reset to default',
  fontSize: 'Font size',
  categoryAxis: 'Category axis',
  valueAxis: 'Value axis',
  showAxisTitle: 'Show title',
  axisTitleText: 'Title text',
  rangeMin: 'Minimum',
  rangeMax: 'Maximum',
  backgroundColor: 'Background color',
  transparency: 'Transparency (%)',
  showBorder: 'Show border',
  borderColor: 'Border color',
  borderRadius: 'Rounded corners (px)',
  automatic: 'Auto',
};

export const formatPaneMessages = { es, en };
