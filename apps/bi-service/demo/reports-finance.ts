/** Finanzas: budget against actual, and the income statement. */
import { financeDataset } from './finance-model.ts';
import { column, levels, measure } from './report-fields.ts';
import { basicFilter } from './report-filters.ts';
import { card, page, report, slicer, textbox, visual } from './report-builder.ts';

const actual = measure('Resultados', 'Real');
const budget = measure('Resultados', 'Presupuesto');
const year = column('Calendario', 'Año');
const accountGroup = column('Cuenta', 'Grupo');

export const budgetVisuals = {
  monthly: 'VisualContainer4',
  kpi: 'VisualContainer7',
  gauge: 'VisualContainer8',
} as const;

export const budgetReport = report('Presupuesto vs real', financeDataset.id, {
  // Budget tracking is about revenue: costs are followed in the income statement.
  filters: [basicFilter(accountGroup, 'In', ['Ingresos'])],
  pages: [
    page('ReportSection1', 'Ingresos', [
      textbox('Presupuesto vs real · Ingresos', [24, 12, 700, 56]),
      slicer('Año', [736, 12, 250, 56], year, 'dropdown'),
      slicer('Área', [998, 12, 258, 56], column('Centro de costo', 'Área'), 'dropdown'),
      visual(
        'clusteredColumnChart',
        'Real y presupuesto por período',
        [24, 84, 840, 300],
        {
          category: levels('Calendario', 'Fecha', ['Año', 'Trimestre', 'Mes']),
          values: [actual, budget],
        },
        { options: { sort: { role: 'category', direction: 1 } } },
      ),
      card(
        'Cumplimiento del presupuesto',
        [876, 84, 380, 120],
        measure('Resultados', 'Cumplimiento %'),
      ),
      visual('pivotTable', 'Desviación por centro de costo y trimestre', [876, 216, 380, 492], {
        category: [column('Centro de costo', 'Centro de costo')],
        columns: [column('Calendario', 'Trimestre')],
        values: [measure('Resultados', 'Desviación')],
      }),
      visual('kpi', 'Ingresos frente al presupuesto', [24, 400, 420, 308], {
        values: [actual],
        target: [budget],
        category: [column('Calendario', 'Mes y año')],
      }),
      visual('gauge', 'Ingresos reales y presupuesto', [456, 400, 408, 308], {
        values: [actual],
        target: [budget],
      }),
    ]),
  ],
});

export const incomeStatementVisuals = { waterfall: 'VisualContainer3' } as const;

export const incomeStatementReport = report('Estado de resultados', financeDataset.id, {
  pages: [
    page(
      'ReportSection1',
      'Estado de resultados 2025',
      [
        textbox('Estado de resultados · 2025', [24, 12, 900, 56]),
        visual('multiRowCard', 'Resumen', [936, 12, 320, 120], {
          values: [actual, budget, measure('Resultados', 'Desviación')],
        }),
        visual('waterfallChart', 'De los ingresos al resultado neto', [24, 84, 900, 320], {
          category: [column('Cuenta', 'Cuenta')],
          values: [actual],
        }),
        visual('tableEx', 'Detalle por cuenta', [24, 420, 900, 288], {
          values: [
            accountGroup,
            column('Cuenta', 'Cuenta'),
            actual,
            budget,
            measure('Resultados', 'Desviación'),
            measure('Resultados', 'Cumplimiento %'),
          ],
        }),
        visual(
          'stackedColumnChart',
          'Gastos operativos por país',
          [936, 148, 320, 280],
          {
            category: [column('Centro de costo', 'País')],
            series: [column('Cuenta', 'Cuenta')],
            values: [actual],
          },
          { filters: [basicFilter(accountGroup, 'In', ['Gastos operativos'])] },
        ),
        visual('clusteredBarChart', 'Desviación por centro de costo', [936, 444, 320, 264], {
          category: [column('Centro de costo', 'Centro de costo')],
          values: [measure('Resultados', 'Desviación')],
        }),
      ],
      { filters: [basicFilter(year, 'In', [2025])] },
    ),
  ],
});
