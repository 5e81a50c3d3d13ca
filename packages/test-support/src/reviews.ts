import type { Review, ReviewLine } from '@vitrina/contracts';

/** Line `n` of an access review: a workspace grant, never opened, recommended for removal. */
export const reviewLine = (n: number, changes: Partial<ReviewLine> = {}): ReviewLine => ({
  id: n,
  userId: n,
  username: `usuaria${String(n).padStart(3, '0')}`,
  accountElementId: `r-${n}`,
  reportName: `Informe ${n} de ventas por país`,
  grantedThrough: { levels: ['workspace'], groups: [] },
  lastUsed: null,
  recommendation: 'remove',
  decision: null,
  decidedAt: null,
  decidedBy: null,
  escalated: false,
  ...changes,
});

/** Review 7 over the workspace "Comercial", with `lines` (its pending count follows them). */
export const accessReview = (lines: ReviewLine[]): Review => ({
  id: 7,
  scope: { accountElementId: 'w-1', name: 'Comercial' },
  dueDate: '2026-11-25',
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'admin',
  pending: lines.filter((line) => line.decision === null).length,
  lines,
});
