import { errorMessages } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { useSeededApp, validUser } from './fixtures.ts';
import { callApi, login, snapshotCounts, testDialects, type ApiRequest } from './helper.ts';

interface BadCase {
  name: string;
  request: () => Omit<ApiRequest, 'token'>;
  status: number;
  message?: string | RegExp;
}

/** The calls that most bad bodies are tried on: create a user, change one's own password. */
const createUser = (body: unknown) => () => ({ method: 'POST' as const, url: '/api/user', body });
const changePassword = (body: unknown) => () => ({
  method: 'PUT' as const,
  url: '/api/user/changepassword',
  body,
});

const badCases: BadCase[] = [
  {
    name: 'malformed JSON',
    request: () => ({ method: 'POST', url: '/api/user', payload: '{"username": "x",' }),
    status: 400,
    message: errorMessages.malformedJson,
  },
  {
    name: 'empty JSON body',
    request: () => ({ method: 'POST', url: '/api/user', payload: '' }),
    status: 400,
    message: errorMessages.malformedJson,
  },
  {
    name: 'prototype pollution attempt',
    request: () => ({
      method: 'POST',
      url: '/api/user',
      payload: `{"__proto__": {"rol": 0}, "username": "x"}`,
    }),
    status: 400,
    message: errorMessages.malformedJson,
  },
  {
    name: 'an array where an object is expected',
    request: createUser([validUser]),
    status: 400,
    message: /^La solicitud no es válida\./,
  },
  {
    name: 'a bare string body',
    request: changePassword('Clave1234'),
    status: 400,
    message: /^La solicitud no es válida\./,
  },
  {
    name: 'wrong types in every field',
    request: createUser({
      username: { $ne: null },
      firstname: ['a'],
      lastname: true,
      mail: 5,
      rol: null,
    }),
    status: 400,
    message: 'Usuario: El campo tiene un tipo de dato inválido.',
  },
  {
    name: 'an oversized string',
    request: createUser({ ...validUser, firstname: 'x'.repeat(100_000) }),
    status: 400,
    message: 'Nombre: El campo supera la longitud máxima de 60 caracteres.',
  },
  {
    name: 'a body over the size limit',
    request: createUser({ ...validUser, firstname: 'x'.repeat(2_000_000) }),
    status: 413,
    message: errorMessages.bodyTooLarge,
  },
  {
    name: 'a form-encoded body',
    request: () => ({
      method: 'POST',
      url: '/api/user',
      payload: 'username=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    status: 415,
    message: errorMessages.unsupportedMediaType,
  },
  {
    name: 'an unknown user id',
    request: () => ({ method: 'DELETE', url: '/api/user/987654' }),
    status: 404,
    message: errorMessages.userNotFound,
  },
  {
    name: 'an id that is not a number',
    request: () => ({ method: 'DELETE', url: '/api/user/abc' }),
    status: 400,
    message: 'Identificador: El campo tiene un tipo de dato inválido.',
  },
  {
    name: 'an id beyond 32 bits',
    request: () => ({ method: 'DELETE', url: '/api/user/99999999999' }),
    status: 400,
    message: 'Identificador: El campo tiene un tipo de dato inválido.',
  },
  {
    name: 'SQL in a path id',
    request: () => ({ method: 'DELETE', url: `/api/user/${encodeURIComponent('1 OR 1=1')}` }),
    status: 400,
    message: 'Identificador: El campo tiene un tipo de dato inválido.',
  },
  {
    name: 'SQL in an e-mail',
    request: createUser({ ...validUser, mail: "x'; DROP TABLE users; --" }),
    status: 400,
    message: 'Correo electrónico: El campo requiere formato de mail.',
  },
  {
    name: 'SQL as login username',
    request: () => ({
      method: 'POST',
      url: '/api/user/authenticate',
      body: { username: "' OR '1'='1' --", password: "' OR '1'='1" },
    }),
    status: 401,
    message: errorMessages.invalidCredentials,
  },
  {
    name: 'a NUL character',
    request: createUser({ ...validUser, lastname: 'Ra\u0000mos' }),
    status: 400,
    message: 'Apellido: El campo contiene caracteres no permitidos.',
  },
  {
    name: 'unicode letters in a password',
    request: changePassword({ password: 'Contraseñ4' }),
    status: 400,
    message: 'Contraseña: El campo no cumple con los requerimientos',
  },
  {
    name: 'an unknown API path',
    request: () => ({ method: 'GET', url: '/api/no-existe' }),
    status: 404,
    message: errorMessages.routeNotFound,
  },
];

describe.each(testDialects)('bad input ($dialect)', ({ dialect, available }) => {
  const state = useSeededApp(dialect, available);

  it.skipIf(!available).each(badCases)(
    '$name → $status, Spanish message, nothing written',
    async (badCase) => {
      const before = await snapshotCounts(state.context.db);
      const token = state.fixture.tokens.administrator;
      const response = await callApi(state.context.app, { ...badCase.request(), token });
      expect(response.statusCode).toBe(badCase.status);
      const body = response.json();
      expect(body.code).toEqual(expect.any(String));
      if (typeof badCase.message === 'string') expect(body.message).toBe(badCase.message);
      else expect(body.message).toMatch(badCase.message ?? /./);
      const after = await snapshotCounts(state.context.db);
      // A failed login is audited by design (its entry and its chain's head); nothing else changes.
      const audited = { audit_log: 0, audit_chain_heads: 0 };
      expect({ ...after, ...audited }).toEqual({ ...before, ...audited });
    },
  );

  it.skipIf(!available)(
    'stores SQL-looking and unicode text verbatim and logs in with it',
    async () => {
      const tricky = {
        username: "o'brien; --",
        firstname: 'Zoë 李 🚀',
        lastname: "Robert'); DROP TABLE users;--",
        mail: 'zoe@vitrina.test',
        rol: 1,
      };
      const created = await callApi(state.context.app, {
        method: 'POST',
        url: '/api/user',
        body: tricky,
        token: state.fixture.tokens.administrator,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject(tricky);
      const stored = await state.context.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', tricky.username)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.lastname).toBe(tricky.lastname);
      await expect(login(state.context.app, tricky.username, 'Incorrecta1')).rejects.toThrow(/401/);
    },
  );
});
