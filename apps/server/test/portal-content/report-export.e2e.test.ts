import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, signIn, type SignedIn } from '../helper.ts';
import { usePortalOnBundledBi } from './portal-on-bundled-bi.ts';

/**
 * "Exportar" from the viewer (issue 27) against the real bundled BI service: only users who may
 * open a report export it, each export is theirs alone, the file comes through the portal as a
 * named attachment, and every export is in the audit log.
 */
const fx = usePortalOnBundledBi();
/** A viewer without the report (the fixture's viewer is granted it in the first test). */
let stranger: SignedIn;
beforeAll(async () => {
  stranger = await signIn(fx.portal, 1);
});
const newViewer = () => signIn(fx.portal, 1);

interface TreeReport {
  id: string;
  uId: string;
  name: string;
  kind: string;
  accountId: number;
}

const as =
  (user: { token: string }, method: 'GET' | 'POST' | 'PUT') => (url: string, body?: unknown) =>
    callApi(fx.portal.app, { method, url, token: user.token, ...(body ? { body } : {}) });

/** A demo report by name, with its account, as the administrator's tree lists it. */
async function reportNamed(name: string): Promise<TreeReport> {
  const tree: { id: number; workspaces: { reports: Omit<TreeReport, 'accountId'>[] }[] }[] = (
    await as(fx.admin, 'GET')(`/api/account/${fx.admin.id}`)
  ).json();
  const reports = tree.flatMap((a) =>
    a.workspaces.flatMap((w) => w.reports.map((r) => ({ ...r, accountId: a.id }))),
  );
  return reports.find((r) => r.name === name)!;
}
const firstReport = () => reportNamed('Ventas generales');

/** The text of a PDF, as pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-export-'));
  try {
    writeFileSync(join(dir, 'export.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'export.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Polls the export until it ends, as the viewer page does. */
async function finished(user: { token: string }, uid: string, id: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const poll = await as(
      user,
      'GET',
    )(`/api/viewer/report/${uid}/export/${encodeURIComponent(id)}`);
    expect(poll.statusCode).toBe(200);
    const job = poll.json();
    if (job.status === 'Succeeded' || job.status === 'Failed') return job;
    if (Date.now() > deadline) throw new Error(`export still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

// An export draws in chromium (the first one starts it): more than the default 30 s on a busy
// machine, within the 90 s `finished` waits for.
describe('exporting a report from the viewer', { timeout: 120_000 }, () => {
  it('lets only users who may open the report start an export, refusing a bad format in Spanish', async () => {
    const report = await firstReport();
    const grant = await as(fx.admin, 'PUT')('/api/user/permissions', [
      { userId: fx.viewer.id, accountElementId: report.id },
    ]);
    expect(grant.statusCode).toBe(200);
    const start = (user: { token: string }, uid: string, body: unknown) =>
      as(user, 'POST')(`/api/viewer/report/${uid}/export`, body);

    const badFormat = await start(fx.viewer, report.uId, { format: 'DOCX' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({
      message: 'Formato: El campo tiene un valor no permitido.',
      field: 'format',
    });
    const noFormat = await start(fx.viewer, report.uId, {});
    expect(noFormat.json().message).toBe('Formato: El campo es requerido.');

    const denied = await start(stranger, report.uId, { format: 'PDF' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Acceso denegado al informe.');
    expect((await start(fx.viewer, 'no-existe', { format: 'PDF' })).statusCode).toBe(404);
  });

  it("exports the viewer's page as a PDF attachment named after the report, and audits it", async () => {
    const report = await firstReport();
    const started = await as(fx.viewer, 'POST')(`/api/viewer/report/${report.uId}/export`, {
      format: 'PDF',
    });
    expect(started.statusCode).toBe(202);
    const job = started.json();
    expect(job.status).toMatch(/NotStarted|Running|Succeeded/);

    // The export is the viewer's own: nobody else gets its state or its file.
    const path = `/api/viewer/report/${report.uId}/export/${encodeURIComponent(job.id)}`;
    expect((await as(fx.admin, 'GET')(path)).statusCode).toBe(404);
    expect((await as(stranger, 'GET')(`${path}/file`)).statusCode).toBe(403);

    const done = await finished(fx.viewer, report.uId, job.id);
    expect(done).toMatchObject({
      status: 'Succeeded',
      percentComplete: 100,
      fileName: `${report.name}.pdf`,
    });
    const file = await as(fx.viewer, 'GET')(`${path}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(report.name)}.pdf`,
    );
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const audited = await fx.portal.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'actor_id', 'detail'])
      .where('action', '=', 'report.export')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ target_id: report.uId, actor_id: fx.viewer.id });
    expect(JSON.parse(audited[0]!.detail!)).toMatchObject({ format: 'PDF', pages: 'all' });
  });

  it("exports under each viewer's own RLS identity, and nothing for a viewer without one", async () => {
    const report = await reportNamed('Ventas por país (seguridad por filas)');
    const [peru, chile, none] = [await newViewer(), await newViewer(), await newViewer()];
    const grants = [peru, chile, none].map((user) => ({
      userId: user.id,
      accountElementId: report.id,
    }));
    expect((await as(fx.admin, 'PUT')('/api/user/permissions', grants)).statusCode).toBe(200);
    const identities = [
      [peru, 'gerente.peru@retailandino.demo'],
      [chile, 'gerente.chile@retailandino.demo'],
    ] as const;
    for (const [user, username] of identities) {
      const mapped = await as(fx.admin, 'PUT')(`/api/account/${report.accountId}/identities`, {
        userId: user.id,
        username,
        roles: ['Pais'],
      });
      expect(mapped.statusCode).toBe(204);
    }

    const texts: string[] = [];
    for (const user of [peru, chile]) {
      const started = await as(user, 'POST')(`/api/viewer/report/${report.uId}/export`, {
        format: 'PDF',
      });
      expect(started.statusCode).toBe(202);
      const id = started.json().id as string;
      expect((await finished(user, report.uId, id)).status).toBe('Succeeded');
      const file = await as(
        user,
        'GET',
      )(`/api/viewer/report/${report.uId}/export/${encodeURIComponent(id)}/file`);
      texts.push(pdfText(file.rawPayload));
    }
    // Each manager's file holds their own country's rows and totals only.
    const [peruText, chileText] = texts as [string, string];
    expect(peruText).toContain('Perú');
    expect(peruText).not.toContain('Chile');
    expect(chileText).toContain('Chile');
    expect(chileText).not.toContain('Perú');
    expect(peruText).toContain('S/ 99,68 M');
    expect(chileText).not.toContain('S/ 99,68 M');

    const refused = await as(none, 'POST')(`/api/viewer/report/${report.uId}/export`, {
      format: 'PDF',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'identity_required' });
  });

  it("exports the viewer's current page as a PNG and every page as PowerPoint slides", async () => {
    const report = await firstReport();
    /** Starts an export, waits for it, and answers its state and its file. */
    const exported = async (body: { format: string; pageName?: string }) => {
      const started = await as(fx.viewer, 'POST')(`/api/viewer/report/${report.uId}/export`, body);
      expect(started.statusCode).toBe(202);
      const id = started.json().id as string;
      const done = await finished(fx.viewer, report.uId, id);
      const path = `/api/viewer/report/${report.uId}/export/${encodeURIComponent(id)}/file`;
      return { done, file: await as(fx.viewer, 'GET')(path) };
    };

    const png = await exported({ format: 'PNG', pageName: 'ReportSection1' });
    expect(png.done).toMatchObject({ status: 'Succeeded', fileName: `${report.name}.png` });
    expect(png.file.headers['content-type']).toContain('image/png');
    expect(png.file.headers['content-disposition']).toContain('attachment;');
    expect(png.file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

    const pptx = await exported({ format: 'PPTX' });
    expect(pptx.done).toMatchObject({ status: 'Succeeded', fileName: `${report.name}.pptx` });
    expect(pptx.file.headers['content-type']).toContain('presentationml.presentation');
    // A zip (PowerPoint's container) of one slide per page: entry names are stored as written.
    const deck = pptx.file.rawPayload.toString('latin1');
    expect(deck.startsWith('PK')).toBe(true);
    expect(deck).toContain('ppt/slides/slide2.xml');
    expect(deck).not.toContain('ppt/slides/slide3.xml');

    const audited = await fx.portal.db
      .selectFrom('audit_log')
      .select(['detail'])
      .where('action', '=', 'report.export')
      .execute();
    const details = audited.map((row) => JSON.parse(row.detail!) as Record<string, unknown>);
    expect(details).toContainEqual(
      expect.objectContaining({ format: 'PNG', pages: ['ReportSection1'] }),
    );
    expect(details).toContainEqual(expect.objectContaining({ format: 'PPTX', pages: 'all' }));
  });
});
