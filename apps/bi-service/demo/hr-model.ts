/** The "Personas Retail Andino" dataset: employees and a monthly headcount snapshot. */
import { calendarTable } from './calendar.ts';
import { wholeSoles as money } from './formats.ts';
import { demoDataset, dimension, monthlyFacts, starJoins } from './model-builder.ts';

const HR_DATASET_NAME = 'Personas Retail Andino';

export const hrDataset = demoDataset(HR_DATASET_NAME, {
  tables: [
    monthlyFacts('Dotación', ['IdEmpleado'], {
      columns: [
        { name: 'Salario', dataType: 'number', format: money },
        { name: 'Alta', dataType: 'integer' },
        { name: 'Baja', dataType: 'integer' },
      ],
      measures: [
        { name: 'Dotación', expression: 'DISTINCTCOUNT(Dotación[IdEmpleado])', format: '#,0' },
        { name: 'Altas', expression: 'SUM(Dotación[Alta])', format: '#,0' },
        { name: 'Bajas', expression: 'SUM(Dotación[Baja])', format: '#,0' },
        {
          name: 'Rotación %',
          expression: 'DIVIDE(SUM(Dotación[Baja]), DISTINCTCOUNT(Dotación[IdEmpleado]))',
          format: '0.0%',
        },
        { name: 'Masa salarial', expression: 'SUM(Dotación[Salario])', format: money },
        { name: 'Salario promedio', expression: 'AVG(Dotación[Salario])', format: money },
      ],
    }),
    dimension('Empleado', 'IdEmpleado', ['Empleado', 'Área', 'Cargo', 'País', 'Género'], {
      columns: [
        { name: 'Fecha de ingreso', dataType: 'date', format: 'dd/MM/yyyy' },
        { name: 'Fecha de baja', dataType: 'date', format: 'dd/MM/yyyy' },
        { name: 'Activo', dataType: 'boolean' },
        { name: 'Salario actual', dataType: 'number', format: money },
        { name: 'Banda salarial', dataType: 'string', sortBy: 'Salario actual' },
        { name: 'Años de antigüedad', dataType: 'integer', format: '0' },
      ],
      measures: [
        { name: 'Empleados', expression: 'COUNT(Empleado[IdEmpleado])', format: '#,0' },
        {
          name: 'Salario actual promedio',
          expression: 'AVG(Empleado[Salario actual])',
          format: money,
        },
        { name: 'Salario máximo', expression: 'MAX(Empleado[Salario actual])', format: money },
        { name: 'Salario mínimo', expression: 'MIN(Empleado[Salario actual])', format: money },
        {
          name: 'Antigüedad promedio',
          expression: 'AVG(Empleado[Años de antigüedad])',
          format: '0.0',
        },
      ],
    }),
    calendarTable('month'),
  ],
  relationships: starJoins('Dotación', { IdEmpleado: 'Empleado', Fecha: 'Calendario' }),
});
