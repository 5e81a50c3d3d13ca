import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callApi,
  decodeQuotedPrintable,
  signIn,
  unsubscribeTokenIn,
  unsubscribeTwice,
  type SignedIn,
} from '../helper.ts';
import { usePortalOnBundledBi } from './portal-on-bundled-bi.ts';

/**
 * Subscriptions (issue 28) against the real bundled BI service: each recipient's mail is rendered
 * under their own RLS identity, recipients who see the same rows share one export, a recipient
 * who lost access gets nothing (and the owner is told), a missed occurrence is sent once, late,
 * and the mail's unsubscribe link works once.
 */
const fx = usePortalOnBundledBi();
const rlsReport = 'Ventas por país (seguridad por filas)';

const as =
  (user: { token: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
  (url: string, body?: unknown) =>
    callApi(fx.portal.app, { method, url, token: user.token, ...(body ? { body } : {}) });

interface TreeReport {
  id: string;
  uId: string;
  name: string;
  accountId: number;
}
async function reportNamed(name: string): Promise<TreeReport> {
  const tree: { id: number; workspaces: { reports: Omit<TreeReport, 'accountId'>[] }[] }[] = (
    await as(fx.admin, 'GET')(`/api/account/${fx.admin.id}`)
  ).json();
  return tree
    .flatMap((a) => a.workspaces.flatMap((w) => w.reports.map((r) => ({ ...r, accountId: a.id }))))
    .find((r) => r.name === name)!;
}

/** New viewers granted the report, each mapped to `username` under the `Pais` role. */
async function viewersAs(report: TreeReport, username: string | undefined, count: number) {
  const users: SignedIn[] = [];
  for (let i = 0; i < count; i += 1) users.push(await signIn(fx.portal, 1));
  const grants = users.map((u) => ({ userId: u.id, accountElementId: report.id }));
  expect((await as(fx.admin, 'PUT')('/api/user/permissions', grants)).statusCode).toBe(200);
  if (username) {
    for (const user of users) {
      const mapped = await as(fx.admin, 'PUT')(`/api/account/${report.accountId}/identities`, {
        userId: user.id,
        username: `gerente.${username}@retailandino.demo`,
        roles: ['Pais'],
      });
      expect(mapped.statusCode).toBe(204);
    }
  }
  return users;
}

async function subscribe(report: TreeReport, recipients: number[], format = 'PDF') {
  const created = await as(fx.admin, 'POST')('/api/subscriptions', {
    reportUid: report.uId,
    recipients,
    format,
    schedule: { frequency: 'daily', time: '08:00', timeZone: 'America/Lima' },
    subject: 'Ventas por país',
    message: 'Su informe de cada día.',
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: number; nextRunAt: string };
}

interface Run {
  id: number;
  late: boolean;
  finishedAt?: string;
  recipients: { userId: number; outcome: string; reason?: string }[];
}
/** The subscription's runs once the newest one has finished. */
async function finishedRuns(id: number): Promise<Run[]> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const runs: Run[] = (await as(fx.admin, 'GET')(`/api/subscriptions/${id}/runs`)).json();
    if (runs[0]?.finishedAt) return runs;
    if (Date.now() > deadline) throw new Error(`run not finished: ${JSON.stringify(runs[0])}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The mails in the outbox, raw (attachments stay base64), keyed by file name. */
const seen = new Set<string>();
function newMails(): string[] {
  const outbox = join(fx.portal.dataDir, 'outbox');
  const files = (existsSync(outbox) ? readdirSync(outbox) : []).sort().filter((f) => !seen.has(f));
  for (const f of files) seen.add(f);
  return files.map((f) => readFileSync(join(outbox, f), 'utf8'));
}
const mailTo = (mails: string[], user: { id: number }) =>
  mails.filter((m) => new RegExp(`^To: .*${mailOf(user)}`, 'm').test(m));
let mailOfId = new Map<number, string>();
const mailOf = (user: { id: number }) => mailOfId.get(user.id)!;
async function learnMails() {
  const rows = await fx.portal.db.selectFrom('users').select(['id', 'mail']).execute();
  mailOfId = new Map(rows.map((r) => [r.id, r.mail]));
}

/** The PDF attached to a raw mail, as pdftotext reads it. */
function attachedPdfText(mail: string): string {
  const part = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail);
  if (!part) throw new Error('no PDF attached');
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-subscription-'));
  try {
    writeFileSync(join(dir, 'mail.pdf'), Buffer.from(part[1]!.replace(/\s/g, ''), 'base64'));
    return execFileSync('pdftotext', [join(dir, 'mail.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const audited = (action: string, subscriptionId: number) =>
  fx.portal.db
    .selectFrom('audit_log')
    .select(['detail'])
    .where('action', '=', action)
    .where('target_id', '=', String(subscriptionId))
    .execute();

describe('subscriptions mail each recipient their own rows', () => {
  it('sends two identities their own totals, and nothing to a recipient who lost access', async () => {
    const report = await reportNamed(rlsReport);
    const [peru] = await viewersAs(report, 'peru', 1);
    const [chile] = await viewersAs(report, 'chile', 1);
    const [revoked] = await viewersAs(report, 'peru', 1);
    await learnMails();
    newMails();
    const subscription = await subscribe(report, [peru!.id, chile!.id, revoked!.id]);
    // Access removed after the subscription was made: checked again at send time.
    expect((await as(fx.admin, 'DELETE')(`/api/user/permissions/${revoked!.id}`)).statusCode).toBe(
      204,
    );

    const sent = await as(fx.admin, 'POST')(`/api/subscriptions/${subscription.id}/send`, {});
    expect(sent.statusCode).toBe(202);
    const [run] = await finishedRuns(subscription.id);
    const outcome = (user: { id: number }) => run!.recipients.find((r) => r.userId === user.id);
    expect(outcome(peru!)).toMatchObject({ outcome: 'sent' });
    expect(outcome(chile!)).toMatchObject({ outcome: 'sent' });
    expect(outcome(revoked!)).toMatchObject({
      outcome: 'skipped',
      reason: 'Ya no tiene acceso al informe.',
    });

    const mails = newMails();
    expect(mailTo(mails, revoked!)).toHaveLength(0);
    const [peruMail] = mailTo(mails, peru!);
    const [chileMail] = mailTo(mails, chile!);
    const peruText = attachedPdfText(peruMail!);
    const chileText = attachedPdfText(chileMail!);
    expect(peruText).toContain('Perú');
    expect(peruText).not.toContain('Chile');
    expect(peruText).toContain('S/ 99,68 M');
    expect(chileText).toContain('Chile');
    expect(chileText).not.toContain('Perú');
    expect(chileText).not.toContain('S/ 99,68 M');
    // The mail names the report and links to it by its uId, and to its own unsubscribe page.
    const peruBody = decodeQuotedPrintable(peruMail!);
    expect(peruBody).toContain(rlsReport);
    expect(peruBody).toContain(`/viewer/${report.uId}`);
    expect(peruBody).toMatch(/\/unsubscribe\?token=/);

    // The owner is told, the skip is audited and each send too.
    const notice = decodeQuotedPrintable(mailTo(mails, fx.admin).join('\n'));
    expect(notice).toContain(`(${revoked!.username}): Ya no tiene acceso al informe.`);
    expect(notice).not.toContain(peru!.username);
    const sends = (await audited('subscription.send', subscription.id)).map((r) =>
      JSON.parse(r.detail!),
    );
    expect(sends).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: peru!.id, outcome: 'sent' }),
        expect.objectContaining({ userId: chile!.id, outcome: 'sent' }),
        expect.objectContaining({ userId: revoked!.id, outcome: 'skipped' }),
      ]),
    );

    // The link in Perú's mail unsubscribes Perú, once, without a session.
    const token = unsubscribeTokenIn(peruBody);
    expect(await unsubscribeTwice(fx.portal.app, token)).toEqual([200, 400]);
    const after: { recipients: number[] }[] = (
      await as(fx.admin, 'GET')(`/api/subscriptions?reportUid=${report.uId}`)
    ).json();
    expect(after.find((s) => s.recipients.includes(chile!.id))?.recipients).toEqual([
      chile!.id,
      revoked!.id,
    ]);
  }, 300_000);

  it('renders 50 recipients over 3 identities with exactly 3 exports', async () => {
    const report = await reportNamed(rlsReport);
    const recipients = [
      ...(await viewersAs(report, 'peru', 20)),
      ...(await viewersAs(report, 'chile', 20)),
      ...(await viewersAs(report, 'mexico', 10)),
    ];
    await learnMails();
    newMails();
    const subscription = await subscribe(
      report,
      recipients.map((r) => r.id),
      'PNG',
    );
    expect(
      (await as(fx.admin, 'POST')(`/api/subscriptions/${subscription.id}/send`, {})).statusCode,
    ).toBe(202);
    const [run] = await finishedRuns(subscription.id);
    expect(run!.recipients.filter((r) => r.outcome === 'sent')).toHaveLength(50);
    const renders = (await audited('subscription.render', subscription.id)).map(
      (r) => JSON.parse(r.detail!).recipients as number,
    );
    expect(renders.sort((a, b) => a - b)).toEqual([10, 20, 20]);
    const mails = newMails();
    expect(recipients.every((r) => mailTo(mails, r).length === 1)).toBe(true);
    // PNG is shown in the body.
    expect(decodeQuotedPrintable(mailTo(mails, recipients[0]!)[0]!)).toContain(
      '<img src="cid:pagina-1@vitrina"',
    );
  }, 300_000);

  it("lists a report's pages from the BI service and refuses afterRefresh without a refresh history", async () => {
    const report = await reportNamed('Ventas generales');
    const pages = await as(fx.admin, 'GET')(`/api/subscriptions/pages?reportUid=${report.uId}`);
    expect(pages.json()).toEqual([
      { name: 'ReportSection1', displayName: 'Resumen' },
      { name: 'ReportSection2', displayName: 'Tendencias' },
    ]);
    // The demo's datasets are declared models: the BI service keeps no refresh history for them.
    const refused = await as(fx.admin, 'POST')('/api/subscriptions', {
      reportUid: report.uId,
      recipients: [fx.admin.id],
      format: 'PDF',
      schedule: { frequency: 'afterRefresh', timeZone: 'America/Lima' },
      subject: 'Tras cada actualización',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'schedule.frequency',
      message: expect.stringContaining('no tiene historial de actualizaciones'),
    });
  }, 60_000);

  it('sends a missed occurrence once when the portal is back, marked late', async () => {
    const report = await reportNamed(rlsReport);
    const [peru] = await viewersAs(report, 'peru', 1);
    await learnMails();
    newMails();
    const subscription = await subscribe(report, [peru!.id]);
    // The portal was down for three days: the stored next send is long past.
    const missed = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await fx.portal.db
      .updateTable('subscriptions')
      .set({ next_run_at: missed })
      .where('id', '=', subscription.id)
      .execute();
    // What an instance does when it starts (and at every check): claim what is due.
    const services = fx.portal.app.services;
    expect(await services.subscriptions.runDue()).toHaveLength(1);
    expect(await services.subscriptions.runDue()).toHaveLength(0);
    const runs = await finishedRuns(subscription.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ late: true, recipients: [{ outcome: 'sent' }] });
    expect(mailTo(newMails(), peru!)).toHaveLength(1);
    const [row] = await fx.portal.db
      .selectFrom('subscriptions')
      .select('next_run_at')
      .where('id', '=', subscription.id)
      .execute();
    expect(new Date(row!.next_run_at!).getTime()).toBeGreaterThan(Date.now());
  }, 300_000);
});
