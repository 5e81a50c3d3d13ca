import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditEntryDto, type AuditPage } from '@vitrina/contracts';
import { mockApi } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { AuditPage as AuditScreen } from './AuditPage.tsx';

const entry = (id: number, changes: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id,
  at: '2026-03-01T10:00:00.000Z',
  actorId: 1,
  actorUsername: 'admin',
  ip: '10.0.0.7',
  action: 'user.updated',
  category: 'users',
  targetType: 'user',
  targetId: String(id),
  detail: null,
  hash: 'a'.repeat(64),
  ...changes,
});

/** Answers GET /api/audit by cursor (checked against the contract) and keeps each query. */
function serveAudit(pages: Record<string, AuditPage>) {
  const queries: URLSearchParams[] = [];
  mockApi.use(
    http.get('*/api/audit', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return HttpResponse.json(
        auditPageSchema.parse(pages[query.get('cursor') ?? ''] ?? pages['']),
      );
    }),
  );
  return queries;
}

describe('Auditoría', () => {
  it('shows who, when, from where and what changed, and pages by cursor', async () => {
    const queries = serveAudit({
      '': {
        entries: [
          entry(2, {
            detail: {
              before: { mail: 'ana@vitrina.test', rol: 1 },
              after: { mail: 'ana.r@vitrina.test', rol: 1 },
            },
          }),
        ],
        nextCursor: 'siguiente',
      },
      siguiente: {
        entries: [entry(1, { action: 'login.failed', actorUsername: 'beto', targetId: null })],
        nextCursor: null,
      },
    });
    signIn();
    renderApp(<AuditScreen />);
    const row = (await screen.findByText('user.updated')).closest('tr')!;
    expect(within(row).getByText('admin')).toBeTruthy();
    expect(within(row).getByText('10.0.0.7')).toBeTruthy();
    expect(within(row).getByText('user:2')).toBeTruthy();
    // Only the field that changed, not the whole user twice.
    expect(within(row).getByText('{"mail":"ana@vitrina.test"}')).toBeTruthy();
    expect(within(row).getByText('{"mail":"ana.r@vitrina.test"}')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('login.failed')).toBeTruthy();
    expect(queries.at(-1)?.get('cursor')).toBe('siguiente');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toHaveProperty('disabled', true);
  });

  it('sends the filters, dates as the local days bounds', async () => {
    const queries = serveAudit({ '': { entries: [], nextCursor: null } });
    signIn();
    renderApp(<AuditScreen />);
    await screen.findByText('No hay entradas de auditoría para estos filtros.');
    await userEvent.type(screen.getByLabelText('Usuario'), 'ana');
    await userEvent.type(screen.getByLabelText('Acción'), 'login.failed');
    await userEvent.type(screen.getByLabelText('Objeto'), 'user:12');
    await userEvent.type(screen.getByLabelText('Desde'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(queries.at(-1)?.get('user')).toBe('ana'));
    const query = queries.at(-1)!;
    expect(query.get('action')).toBe('login.failed');
    expect(query.get('target')).toBe('user:12');
    expect(query.get('from')).toBe(new Date('2026-03-01T00:00').toISOString());
    expect(query.has('to')).toBe(false);
  });
});
