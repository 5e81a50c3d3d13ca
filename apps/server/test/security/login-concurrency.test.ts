import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  loginAttempt,
  resetDatabase,
  testDialects,
  type TestApp,
} from '../helper.ts';

/**
 * Guessing in parallel gains nothing over guessing in sequence: every attempt is counted before
 * its password is checked, atomically, per user (database) and per address (limiter).
 */
describe.each(testDialects)(
  'login limits under parallel attack ($dialect)',
  ({ dialect, available }) => {
    let context: TestApp;
    beforeAll(async () => {
      if (available) context = await buildTestApp(dialect);
    });
    afterAll(async () => context?.close());
    beforeEach(async () => {
      if (available) await resetDatabase(context.db);
    });

    const attempt = (address: string, username: string, password: string) =>
      loginAttempt(context.app, address, { username, password });

    const auditCount = async (actions: string[]) =>
      (await context.db.selectFrom('audit_log').select('action').execute()).filter((row) =>
        actions.includes(row.action),
      ).length;

    it.skipIf(!available)(
      '30 parallel wrong passwords get at most 5 verdicts and leave the account locked',
      async () => {
        await createUser(context.db, { username: 'victima', password: 'Clave1234' });
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) => attempt('10.1.0.1', 'victima', `Mala${1000 + i}`)),
        );
        const statuses = answers.map((answer) => answer.statusCode);
        // A verdict is an attempt whose password was checked: audited as failed or as the lock.
        const verdicts = await auditCount(['login.failed', 'login.locked']);
        expect(verdicts).toBeLessThanOrEqual(5);
        expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
        expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(26);
        expect(new Set(statuses)).toEqual(new Set([401, 429]));

        const rightPassword = await attempt('10.1.0.2', 'victima', 'Clave1234');
        expect(rightPassword.statusCode).toBe(429);
        expect(Number(rightPassword.headers['retry-after'])).toBeGreaterThan(0);
      },
    );

    it.skipIf(!available)(
      '30 parallel failures from one address get at most 20 answers',
      async () => {
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) => attempt('10.2.0.1', `nadie${i}`, 'Mala1234')),
        );
        const statuses = answers.map((answer) => answer.statusCode);
        expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(20);
        expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
        expect(await auditCount(['login.failed'])).toBeLessThanOrEqual(20);
        // The address stays limited; another address is not.
        expect((await attempt('10.2.0.1', 'nadie', 'Mala1234')).statusCode).toBe(429);
        expect((await attempt('10.2.0.2', 'nadie', 'Mala1234')).statusCode).toBe(401);
      },
    );

    it.skipIf(!available)('a right password among parallel guesses still signs in', async () => {
      await createUser(context.db, { username: 'titular', password: 'Clave1234' });
      const answers = await Promise.all([
        attempt('10.3.0.1', 'titular', 'Mala1234'),
        attempt('10.3.0.2', 'titular', 'Clave1234'),
        attempt('10.3.0.3', 'titular', 'Mala1234'),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401]);
      // Successful logins give their address slot back.
      for (let i = 0; i < 25; i++)
        expect((await attempt('10.3.0.2', 'titular', 'Clave1234')).statusCode).toBe(200);
    });
  },
);
