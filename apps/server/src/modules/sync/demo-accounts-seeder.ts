import type { DemoCredentials } from '@vitrina/env/demo';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuditLog } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../accounts/secret-box.ts';

/** What the demo plug-in's account seeder (`demo/demo-accounts.ts`) is handed. */
export interface DemoAccountsDependencies {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditLog;
  secrets: SecretBox;
  /** The published ones outside production, else the installation's (`demoCredentialsFor`). */
  credentials: DemoCredentials;
}

/**
 * Registers the demo's accounts on a fresh database; the ids of those created or changed. Only
 * the entry (`main.ts`) loads one, in demo mode, so the product never imports the demo.
 */
export type DemoAccountsSeeder = (deps: DemoAccountsDependencies) => Promise<number[]>;
