import type { RecipientOutcome, Subscription, SubscriptionRun } from '@vitrina/contracts';

export const afterRefreshLabel = 'Tras cada actualización de datos';

export const weekdays = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/** "Cada lunes y jueves a las 08:00 (America/Lima)", or "Tras cada actualización de datos". */
export function scheduleText({ schedule }: Pick<Subscription, 'schedule'>): string {
  const at = `a las ${schedule.time ?? ''} (${schedule.timeZone})`;
  const days = schedule.days ?? [];
  switch (schedule.frequency) {
    case 'daily':
      return `Cada día ${at}`;
    case 'weekly':
      return `Cada ${days.map((d) => weekdays[d - 1]).join(', ')} ${at}`;
    case 'monthly':
      return `El día ${days[0] ?? 1} de cada mes ${at}`;
    case 'afterRefresh':
      return afterRefreshLabel;
  }
}

export const outcomeLabels: Record<RecipientOutcome, string> = {
  pending: 'pendiente',
  sent: 'enviado',
  skipped: 'omitido',
  failed: 'falló',
};

/** "2 enviados, 1 omitido" for a run. */
export function runSummary(run: SubscriptionRun): string {
  const counts = new Map<RecipientOutcome, number>();
  for (const r of run.recipients) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, n]) => `${n} ${outcomeLabels[outcome]}`);
  return `${parts.join(', ') || 'sin destinatarios'}${run.late ? ' (con retraso)' : ''}`;
}

export const dateTime = (iso: string | undefined) =>
  iso
    ? new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(iso),
      )
    : '—';
