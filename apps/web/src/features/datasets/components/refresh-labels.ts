/**
 * The BI service reports refreshes in Power BI's English words (`Completed`, `ViaApi`); the page
 * shows them in Spanish, and any word it does not know as it came.
 */
const statusLabels: Record<string, string> = {
  Completed: 'Completada',
  Failed: 'Fallida',
  Unknown: 'En curso',
  Disabled: 'Deshabilitada',
};
const typeLabels: Record<string, string> = {
  Scheduled: 'Programada',
  OnDemand: 'A petición',
  ViaApi: 'Por API',
};

export const refreshStatusLabel = (status: string) => statusLabels[status] ?? status;
export const refreshTypeLabel = (type: string) => typeLabels[type] ?? type;
