import { roles, type User } from '@vitrina/contracts';
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
