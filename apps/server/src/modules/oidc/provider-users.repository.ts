import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hasRow } from '../../db/has-row.ts';
import type { ProviderProfile } from './claims-policy.ts';

/** The fields a sign-in refreshes from the claims. */
function fromClaims(profile: ProviderProfile, now: string) {
  return {
    firstname: profile.firstname,
    lastname: profile.lastname,
    mail: profile.mail,
    rol: profile.rol,
    rls_username: profile.rlsUsername ?? null,
    role_claims: JSON.stringify(profile.roleClaims),
    updated_at: now,
  };
}

/** Portal users linked to a provider account by (issuer, subject), never by e-mail. */
export const providerUsersRepository = {
  getByIdentity(db: Kysely<Database>, issuer: string, subject: string) {
    return db
      .selectFrom('users')
      .selectAll()
      .where('oidc_issuer', '=', issuer)
      .where('oidc_subject', '=', subject)
      .executeTakeFirst();
  },

  usernameTaken(db: Kysely<Database>, username: string): Promise<boolean> {
    return hasRow(db.selectFrom('users').select('id').where('username', '=', username));
  },

  /** A new provider user: no password of the portal (the empty hash matches none). */
  create(db: Kysely<Database>, issuer: string, profile: ProviderProfile, now: string) {
    return db
      .insertInto('users')
      .values({
        ...fromClaims(profile, now),
        username: profile.username,
        password_hash: '',
        password_temporary: 0,
        failed_logins: 0,
        created_at: now,
        oidc_issuer: issuer,
        oidc_subject: profile.subject,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(db: Kysely<Database>, id: number, profile: ProviderProfile, now: string) {
    return db
      .updateTable('users')
      .set(fromClaims(profile, now))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
