import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.ts';
import { subscriptionAudienceRepository as audience } from '../src/modules/subscriptions/subscription-audience.repository.ts';
import { subscriptionsRepository as repo } from '../src/modules/subscriptions/subscriptions.repository.ts';
import { unsubscribeTokenIn, unsubscribeTwice } from './helper.ts';
import { subscriptionsApi } from './subscriptions-api.ts';
import { useSeededApp } from './fixtures.ts';
import { deliveryDouble } from './subscription-delivery-double.ts';

/**
 * Groups as recipients (issue 28, decision 0298): a subscription names provider groups, expanded
 * at each send to their members of the moment, each checked under their own grants, a user
 * reached twice mailed once; a member's unsubscribe link keeps them out of it.
 */
const state = useSeededApp('sqlite', true);
const { api, subscribe } = subscriptionsApi(state);

/** The fixture's viewer and other viewer are both in the fixture's group. */
async function bothInGroup() {
  const f = state.fixture;
  await state.context.db
    .insertInto('user_groups')
    .values([f.viewer, f.otherViewer].map((u) => ({ user_id: u.id, group_name: f.group })))
    .execute();
}

const bodyWithGroup = (changes: Record<string, unknown> = {}) => ({
  reportUid: state.fixture.report.uid,
  recipients: [state.fixture.viewer.id],
  recipientGroups: [state.fixture.group],
  format: 'PDF',
  schedule: { frequency: 'daily', time: '08:00', timeZone: 'America/Lima' },
  subject: 'Ventas del día',
  ...changes,
});

/** A delivery that refuses `refusedId` the report (no grant): what it mailed. */
function deliveryRefusing(refusedId: number) {
  const mails: MailMessage[] = [];
  const delivery = deliveryDouble(state.context, state.fixture, {
    mailer: { send: async (message: MailMessage) => void mails.push(message) },
    refusedId,
  });
  return { delivery, mails };
}

describe('subscriptions to provider groups', () => {
  it('takes groups from administrators only, naming an unknown group', async () => {
    const f = state.fixture;
    const unknown = await subscribe(
      f.tokens.administrator,
      bodyWithGroup({ recipientGroups: ['finanzas'] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'recipientGroups',
      message: 'Grupos destinatarios: El grupo "finanzas" no existe en el portal.',
    });
    const byViewer = await subscribe(f.tokens.viewer, bodyWithGroup());
    expect(byViewer.statusCode).toBe(403);
    // A group alone is enough; neither users nor groups is not.
    const none = await subscribe(
      f.tokens.administrator,
      bodyWithGroup({ recipients: [], recipientGroups: [] }),
    );
    expect(none.json()).toMatchObject({ field: 'recipients' });
    const groupOnly = await subscribe(f.tokens.administrator, bodyWithGroup({ recipients: [] }));
    expect(groupOnly.statusCode).toBe(201);
    expect(groupOnly.json()).toMatchObject({ recipients: [], recipientGroups: [f.group] });
  });

  it('mails each member once, checked under their own grants, and lets a member leave', async () => {
    const f = state.fixture;
    const { db } = state.context;
    await bothInGroup();
    const created = await subscribe(f.tokens.administrator, bodyWithGroup());
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    // The viewer is named and in the group: one delivery each, the members as they are now.
    expect(await audience.audienceOf(db, id)).toEqual([f.viewer.id, f.otherViewer.id]);
    // The group's members see it in their list filter and may read its view.
    const byMember = await api(
      f.tokens.administrator,
      'GET',
      `/api/subscriptions?userId=${f.otherViewer.id}`,
    );
    expect(byMember.json().map((s: { id: number }) => s.id)).toEqual([id]);
    expect(
      (await api(f.tokens.otherViewer, 'GET', `/api/subscriptions/${id}/view`)).statusCode,
    ).toBe(200);

    const runId = await repo.insertRun(
      db,
      { subscription_id: id, due_at: new Date().toISOString(), trig: 'manual', late: 0 },
      await audience.audienceOf(db, id),
    );
    const refusing = deliveryRefusing(f.otherViewer.id);
    await refusing.delivery.deliver(runId);
    const outcomes = (await repo.deliveriesOf(db, [runId])).map((d) => [d.user_id, d.outcome]);
    expect(outcomes).toEqual([
      [f.viewer.id, 'sent'],
      [f.otherViewer.id, 'skipped'],
    ]);

    // Granted now, the member gets their mail, with an unsubscribe link of their own.
    const granted = deliveryRefusing(-1);
    const second = await repo.insertRun(
      db,
      {
        subscription_id: id,
        due_at: new Date(Date.now() + 1).toISOString(),
        trig: 'manual',
        late: 0,
      },
      await audience.audienceOf(db, id),
    );
    await granted.delivery.deliver(second);
    const members = await repo.usersOf(db, [f.otherViewer.id]);
    const memberMail = granted.mails.find((m) => m.to === members[0]!.mail)!;
    const token = unsubscribeTokenIn(memberMail.text);
    expect(token.startsWith('g')).toBe(true);
    expect(await unsubscribeTwice(state.context.app, token)).toEqual([200, 400]);
    // Out of this subscription, still in the group; the named viewer stays.
    expect(await audience.audienceOf(db, id)).toEqual([f.viewer.id]);
    const groups = await db.selectFrom('user_groups').select('user_id').execute();
    expect(groups).toHaveLength(2);
  });
});
