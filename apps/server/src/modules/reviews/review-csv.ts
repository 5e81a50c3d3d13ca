import type { Review, ReviewDecision } from '@vitrina/contracts';
import { csvText } from '@vitrina/bi-model/csv';

/** The review as evidence, in Spanish CSV (`;`), one row per (user, report) access. */
const decisionNames: Record<ReviewDecision, string> = { keep: 'Mantener', remove: 'Quitar' };
const levelNames = { report: 'Directo', workspace: 'Área de trabajo', account: 'Cuenta' };

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
        'Fecha de decisión',
        'Escalada',
      ],
      ...review.lines.map((line) => [
        line.username,
        line.reportName,
        [
          ...line.grantedThrough.levels.map((level) => levelNames[level]),
          ...line.grantedThrough.groups.map((group) => `Grupo ${group}`),
        ].join(', '),
        line.lastUsed,
        decisionNames[line.recommendation],
        line.decision === null ? null : decisionNames[line.decision],
        line.decidedAt,
        line.escalated ? 'Sí' : 'No',
      ]),
    ],
    'es',
  );
}
