import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link names: one recipient row and the random nonce stored with it. */
export interface UnsubscribeTarget {
  recipientId: number;
  nonce: string;
}

/**
 * The unsubscribe link of a mail: signed with a key of its own (derived for this purpose only,
 * so no other token of the portal verifies as one), naming one recipient of one subscription.
 * It works once: the row, and with it the nonce, is gone after the first use.
 */
export function createUnsubscribeTokens(secret: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'vitrina unsubscribe', 32));
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    issue({ recipientId, nonce }: UnsubscribeTarget): string {
      const body = `${recipientId}.${nonce}`;
      return `${body}.${sign(body)}`;
    },
    /** The target of a well-signed token; undefined for anything else. */
    read(token: string): UnsubscribeTarget | undefined {
      const match = /^(\d{1,10})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, id, nonce, mac] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${id}.${nonce}`));
      const given = Buffer.from(mac);
      if (!timingSafeEqual(given, expected)) return undefined;
      return { recipientId: Number(id), nonce };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
