import type { ColumnType } from '@vitrina/contracts';

/**
 * Spanish names for the Power BI column types; the page only shows these, while the requests keep
 * the Power BI names the BI service understands.
 */
const columnTypeLabels: Record<ColumnType, string> = {
  Int64: 'Número entero',
  Double: 'Número decimal',
  Decimal: 'Decimal fijo',
  Boolean: 'Verdadero/falso',
  Date: 'Fecha',
  DateTime: 'Fecha y hora',
  String: 'Texto',
};

export const columnTypeLabel = (type: ColumnType): string => columnTypeLabels[type];
