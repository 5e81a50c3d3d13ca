/** Recursos Humanos: headcount and turnover, and compensation. */
import { hrDataset } from './hr-model.ts';
import { column, levels, measure } from './report-fields.ts';
import { advancedFilter, basicFilter } from './report-filters.ts';
import { card, page, report, slicer, textbox, visual } from './report-builder.ts';

const headcount = measure('Dotación', 'Dotación');
const lastMonth = advancedFilter(column('Calendario', 'Fecha'), 'And', [
  { operator: 'Is', value: '2025-12-01' },
]);
const year2025 = basicFilter(column('Calendario', 'Año'), 'In', [2025]);

export const headcountReport = report('Dotación y rotación', hrDataset.id, {
  pages: [
    page('ReportSection1', 'Dotación', [
      textbox('Dotación y rotación', [24, 12, 640, 56]),
      slicer('País', [1040, 12, 216, 250], column('Empleado', 'País'), 'list'),
      slicer('Área', [676, 12, 352, 56], column('Empleado', 'Área'), 'dropdown'),
      card('Dotación a diciembre de 2025', [24, 84, 320, 110], headcount, { filters: [lastMonth] }),
      card('Rotación 2025', [356, 84, 320, 110], measure('Dotación', 'Rotación %'), {
        filters: [year2025],
      }),
      card('Altas 2025', [688, 84, 340, 110], measure('Dotación', 'Altas'), {
        filters: [year2025],
      }),
      visual('lineChart', 'Dotación mensual', [24, 210, 1004, 240], {
        category: levels('Calendario', 'Fecha', ['Año', 'Trimestre', 'Mes']),
        values: [headcount],
      }),
      visual(
        'stackedColumnChart',
        'Altas y bajas por año',
        [24, 466, 400, 242],
        {
          category: [column('Calendario', 'Año')],
          values: [measure('Dotación', 'Altas'), measure('Dotación', 'Bajas')],
        },
        { options: { sort: { role: 'category', direction: 1 } } },
      ),
      visual(
        'donutChart',
        'Dotación por género',
        [436, 466, 300, 242],
        { category: [column('Empleado', 'Género')], values: [headcount] },
        { filters: [lastMonth] },
      ),
      visual(
        'clusteredBarChart',
        'Rotación por área (2025)',
        [748, 466, 508, 242],
        { category: [column('Empleado', 'Área')], values: [measure('Dotación', 'Rotación %')] },
        { filters: [year2025], options: { sort: { role: 'values', direction: 2 } } },
      ),
    ]),
  ],
});

const activeOnly = basicFilter(column('Empleado', 'Activo'), 'In', [true]);

export const compensationReport = report('Compensaciones', hrDataset.id, {
  pages: [
    page(
      'ReportSection1',
      'Compensaciones',
      [
        textbox('Compensaciones · personal activo', [24, 12, 640, 56]),
        slicer(
          'Años de antigüedad',
          [1028, 8, 228, 128],
          column('Empleado', 'Años de antigüedad'),
          'between',
        ),
        slicer('País', [676, 12, 340, 56], column('Empleado', 'País'), 'dropdown'),
        visual(
          'clusteredBarChart',
          'Salario promedio por cargo',
          [24, 84, 600, 320],
          {
            category: [column('Empleado', 'Cargo')],
            values: [measure('Empleado', 'Salario actual promedio')],
          },
          { options: { sort: { role: 'values', direction: 2 } } },
        ),
        visual('scatterChart', 'Antigüedad y salario por cargo', [636, 148, 620, 256], {
          category: [column('Empleado', 'Cargo')],
          x: [measure('Empleado', 'Antigüedad promedio')],
          y: [measure('Empleado', 'Salario actual promedio')],
          size: [measure('Empleado', 'Empleados')],
        }),
        visual('pivotTable', 'Salario promedio por área y país', [24, 420, 600, 288], {
          category: [column('Empleado', 'Área')],
          columns: [column('Empleado', 'País')],
          values: [measure('Empleado', 'Salario actual promedio', 'Salario')],
        }),
        visual('gauge', 'Salario promedio vs. máximo', [636, 420, 300, 288], {
          values: [measure('Empleado', 'Salario actual promedio')],
          target: [measure('Empleado', 'Salario máximo')],
        }),
        visual(
          'tableEx',
          'Bandas salariales',
          [948, 420, 308, 288],
          {
            values: [
              column('Empleado', 'Banda salarial'),
              measure('Empleado', 'Empleados'),
              measure('Empleado', 'Salario actual promedio', 'Salario promedio'),
            ],
          },
          { options: { sort: { role: 'category', direction: 1 } } },
        ),
      ],
      { filters: [activeOnly] },
    ),
    page('ReportSection2', 'Masa salarial', [
      textbox('Masa salarial por año', [24, 12, 1232, 56]),
      visual('clusteredColumnChart', 'Masa salarial por año', [24, 84, 1232, 624], {
        category: [column('Calendario', 'Año')],
        values: [measure('Dotación', 'Masa salarial')],
      }),
    ]),
  ],
});
