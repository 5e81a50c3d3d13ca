import { roles, type User, type UserOrigin } from '@vitrina/contracts';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';

/** A user row as the API shows it: never the hash or the login counters. */
export function toUserDto(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    mail: row.mail,
    rol: row.rol === roles.administrator ? roles.administrator : roles.viewer,
  };
}

/** Where a user signs in, and the claims that last set a provider user's role. */
export function toUserOriginDto(row: Selectable<UsersTable>): UserOrigin {
  return {
    userId: row.id,
    origin: row.oidc_subject === null ? 'local' : 'provider',
    roleClaims: row.role_claims ? (JSON.parse(row.role_claims) as UserOrigin['roleClaims']) : null,
  };
}
