import { reviewDecisionNames, wayInText, type Review } from '@vitrina/contracts';
import { csvText } from '@vitrina/bi-model/csv';

/** The review as evidence, in Spanish CSV (`;`), one row per (user, report) access. */

export function reviewCsv(review: Review): string {
  return csvText(
    [
      [
        'Usuario',
        'Informe',
        'Vía de acceso',
        'Último uso',
        'Recomendación',
        'Decisión',
        'Decidida por',
        'Fecha de decisión',
        'Escalada',
      ],
      ...review.lines.map((line) => [
        line.username,
        line.reportName,
        wayInText(line.grantedThrough),
        line.lastUsed,
        reviewDecisionNames[line.recommendation],
        line.decision === null ? null : reviewDecisionNames[line.decision],
        line.decidedBy,
        line.decidedAt,
        line.escalated ? 'Sí' : 'No',
      ]),
    ],
    'es',
  );
}
