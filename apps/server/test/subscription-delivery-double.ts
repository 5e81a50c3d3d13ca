import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../src/errors.ts';
import type { Mailer } from '../src/lib/mailer.ts';
import type { ReportPlacement } from '../src/modules/content/content-snapshot.ts';
import { createSubscriptionDelivery } from '../src/modules/subscriptions/subscription-delivery.ts';
import { createUnsubscribeTokens } from '../src/modules/subscriptions/unsubscribe-tokens.ts';
import type { Fixture } from './fixtures.ts';
import type { TestApp } from './helper.ts';

const quietLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

/**
 * A subscription delivery on the test app's database with the BI side played: every recipient
 * but `refusedId` may open the fixture's report, none has an identity, and each export is an
 * empty PDF (`onRender` counts them). The mail goes to `mailer`.
 */
export function deliveryDouble(
  context: TestApp,
  fixture: Fixture,
  doubles: { mailer: Mailer; refusedId?: number; onRender?: () => void },
) {
  const placement = {
    account: { id: fixture.account.id },
    report: { name: 'Ventas' },
  } as unknown as ReportPlacement;
  return createSubscriptionDelivery({
    db: context.db,
    audit: context.app.context.audit,
    clock: context.app.context.clock,
    log: quietLog,
    mailer: doubles.mailer,
    access: {
      async openable(user) {
        if (user.id === doubles.refusedId) {
          throw new AppError('forbidden', 'Acceso denegado al informe.');
        }
        return placement;
      },
      identitiesOf: async () => ({ mapped: [], of: () => undefined }),
    },
    exports: {
      async render() {
        doubles.onRender?.();
        return { fileName: 'Ventas.pdf', contentType: 'application/pdf', content: Buffer.from('') };
      },
    },
    tokens: createUnsubscribeTokens(context.app.context.accountKey),
    portalUrl: 'http://127.0.0.1:1',
    reportName: async () => 'Ventas',
  });
}
