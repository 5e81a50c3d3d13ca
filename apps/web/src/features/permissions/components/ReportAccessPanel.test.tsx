import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { ReportAccessPanel } from './ReportAccessPanel.tsx';

const user = (id: number, lastname: string, validUntil?: string) => ({
  id,
  username: lastname.toLowerCase(),
  firstname: 'Ana',
  lastname,
  mail: `${lastname}@vitrina.demo`,
  rol: 1,
  ...(validUntil ? { validUntil } : {}),
});
const ended = '2020-01-01T00:00:00.000Z';

describe('report users with Válido hasta', () => {
  it('greys ended grants, inherited or direct, and saves the end set on a direct one', async () => {
    const lists = {
      account: [user(2, 'Cuenta', ended)],
      workspace: [user(3, 'Area')],
      report: [user(4, 'Directa', ended), user(5, 'Vigente')],
    };
    const server = serveApi(() => ({ status: 200, body: lists }));
    signIn();
    renderApp(<ReportAccessPanel reportId="r1" users={[]} />);

    const inherited = await screen.findByText('Cuenta, Ana');
    expect(inherited.closest('.vt-grant--ended')).not.toBeNull();
    expect(screen.getByText(/vencido el/)).toBeTruthy();
    expect(screen.getByText('Area, Ana').closest('.vt-grant--ended')).toBeNull();
    expect(screen.getByText('Directa, Ana').closest('.vt-grant--ended')).not.toBeNull();
    expect(screen.getAllByText('Vencido')).toHaveLength(1);

    // Extending the ended direct grant ungreys it; Grabar sends each direct user with its end.
    const input = screen.getByLabelText('Válido hasta: Directa, Ana');
    fireEvent.change(input, { target: { value: '2099-06-30T18:00' } });
    await waitFor(() => expect(screen.queryAllByText('Vencido')).toHaveLength(0));
    await userEvent.click(screen.getByRole('button', { name: 'Grabar' }));
    await screen.findByText('Se actualizaron los usuarios del reporte.');
    expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/administration/report/r1/users',
      body: [{ id: 4, validUntil: new Date('2099-06-30T18:00').toISOString() }, { id: 5 }],
    });
  });
});
