/** The "Finanzas Retail Andino" dataset: budget against actual by cost centre, account and month. */
import { calendarTable } from './calendar.ts';
import { wholeSoles as money } from './formats.ts';
import { demoDataset, dimension, monthlyFacts, starJoins } from './model-builder.ts';

const FINANCE_DATASET_NAME = 'Finanzas Retail Andino';

export const financeDataset = demoDataset(FINANCE_DATASET_NAME, {
  tables: [
    monthlyFacts('Resultados', ['IdCentro', 'IdCuenta'], {
      columns: [
        { name: 'Presupuesto', dataType: 'number', format: money },
        { name: 'Real', dataType: 'number', format: money },
      ],
      measures: [
        { name: 'Real', expression: 'SUM(Resultados[Real])', format: money },
        { name: 'Presupuesto', expression: 'SUM(Resultados[Presupuesto])', format: money },
        {
          name: 'Desviación',
          expression: 'SUM(Resultados[Real]) - SUM(Resultados[Presupuesto])',
          format: money,
        },
        {
          name: 'Cumplimiento %',
          expression: 'DIVIDE(SUM(Resultados[Real]), SUM(Resultados[Presupuesto]))',
          format: '0.0%',
        },
      ],
    }),
    dimension('Centro de costo', 'IdCentro', ['Centro de costo', 'Área', 'País']),
    {
      name: 'Cuenta',
      columns: [
        { name: 'IdCuenta', dataType: 'integer' },
        { name: 'Cuenta', dataType: 'string', sortBy: 'Orden' },
        { name: 'Grupo', dataType: 'string', sortBy: 'Orden' },
        { name: 'Orden', dataType: 'integer' },
      ],
    },
    calendarTable('month'),
  ],
  relationships: starJoins('Resultados', {
    IdCentro: 'Centro de costo',
    IdCuenta: 'Cuenta',
    Fecha: 'Calendario',
  }),
});
