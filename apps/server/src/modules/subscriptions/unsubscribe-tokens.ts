import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * What an unsubscribe link names, with the random nonce stored with it: a recipient row (a user
 * named on the subscription), or a member of a group row (a user reached through a group).
 */
export type UnsubscribeTarget =
  { recipientId: number; nonce: string } | { groupId: number; userId: number; nonce: string };

/** The target's part of the token: `12` for a recipient row, `g3-45` for a group's member. */
const subjectOf = (target: UnsubscribeTarget) =>
  'recipientId' in target ? `${target.recipientId}` : `g${target.groupId}-${target.userId}`;

/**
 * The unsubscribe link of a mail: signed with a key of its own (derived for this purpose only,
 * so no other token of the portal verifies as one), naming one recipient of one subscription.
 * It works once: a recipient row, and with it the nonce, is gone after the first use; a group
 * member's opt-out is recorded, and a second one finds it (decision 0298).
 */
export function createUnsubscribeTokens(secret: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'vitrina unsubscribe', 32));
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    issue(target: UnsubscribeTarget): string {
      const body = `${subjectOf(target)}.${target.nonce}`;
      return `${body}.${sign(body)}`;
    },
    /** The target of a well-signed token; undefined for anything else. */
    read(token: string): UnsubscribeTarget | undefined {
      const match =
        /^(\d{1,10}|g\d{1,10}-\d{1,10})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, subject, nonce, mac] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${subject}.${nonce}`));
      const given = Buffer.from(mac);
      if (!timingSafeEqual(given, expected)) return undefined;
      if (!subject.startsWith('g')) return { recipientId: Number(subject), nonce };
      const [groupId, userId] = subject.slice(1).split('-').map(Number) as [number, number];
      return { groupId, userId, nonce };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
