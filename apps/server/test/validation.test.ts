import { describe, expect, it } from 'vitest';
import { useSeededApp, validUser } from './fixtures.ts';
import { callApi, snapshotCounts, testDialects } from './helper.ts';

/**
 * Every server-side validation rule of spec section 5, with the spec's exact message prefixed by
 * the field's Spanish label. Each case must leave the database unchanged.
 */
const long = (n: number) => 'a'.repeat(n);

interface Case {
  name: string;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
  as: 'administrator' | 'viewer' | 'anonymous';
  field: string;
  message: string;
}

const userCases: Case[] = [
  ['username', undefined, 'Usuario: El campo es requerido.'],
  ['username', '   ', 'Usuario: El campo es requerido.'],
  ['username', long(31), 'Usuario: El campo supera la longitud máxima de 30 caracteres.'],
  ['username', 42, 'Usuario: El campo tiene un tipo de dato inválido.'],
  ['firstname', undefined, 'Nombre: El campo es requerido.'],
  ['firstname', long(61), 'Nombre: El campo supera la longitud máxima de 60 caracteres.'],
  ['lastname', '', 'Apellido: El campo es requerido.'],
  ['lastname', long(61), 'Apellido: El campo supera la longitud máxima de 60 caracteres.'],
  ['mail', undefined, 'Correo electrónico: El campo es requerido.'],
  ['mail', 'maria.vitrina.test', 'Correo electrónico: El campo requiere formato de mail.'],
  [
    'mail',
    `${long(55)}@vitrina.test`,
    'Correo electrónico: El campo supera la longitud máxima de 60 caracteres.',
  ],
  ['rol', 2, 'Rol: El campo tiene un valor no permitido.'],
  ['rol', 'admin', 'Rol: El campo tiene un valor no permitido.'],
].map(([field, value, message]) => ({
  name: `POST user: ${field} = ${JSON.stringify(value)}`,
  method: 'POST' as const,
  url: '/api/user',
  body: { ...validUser, [field as string]: value },
  as: 'administrator' as const,
  field: field as string,
  message: message as string,
}));

const passwordCases: Case[] = [
  [undefined, 'Contraseña: El campo es requerido'],
  ['', 'Contraseña: El campo es requerido'],
  ['Ab1', 'Contraseña: El campo no cumple con la longitud minima'],
  ['abcdefgh1', 'Contraseña: El campo no cumple con los requerimientos'],
  ['ABCDEFGH1', 'Contraseña: El campo no cumple con los requerimientos'],
  ['Abcdefghi', 'Contraseña: El campo no cumple con los requerimientos'],
  ['Abcdef1!g', 'Contraseña: El campo no cumple con los requerimientos'],
  ['Abcdefgh123', 'Contraseña: El campo supera la longitud máxima de 10 caracteres.'],
].map(([value, message]) => ({
  name: `PUT user/changepassword: password = ${JSON.stringify(value)}`,
  method: 'PUT' as const,
  url: '/api/user/changepassword',
  body: { password: value },
  as: 'viewer' as const,
  field: 'password',
  message: message as string,
}));

const otherCases: Case[] = [
  {
    name: 'login without username',
    method: 'POST',
    url: '/api/user/authenticate',
    body: { password: 'x' },
    as: 'anonymous',
    field: 'username',
    message: 'Usuario: El campo es requerido',
  },
  {
    name: 'login without password',
    method: 'POST',
    url: '/api/user/authenticate',
    body: { username: 'x' },
    as: 'anonymous',
    field: 'password',
    message: 'Contraseña: El campo es requerido',
  },
  {
    name: 'PUT user without id',
    method: 'PUT',
    url: '/api/user',
    body: validUser,
    as: 'administrator',
    field: 'id',
    message: 'Identificador: El campo es requerido.',
  },
  {
    name: 'PUT user without rol',
    method: 'PUT',
    url: '/api/user',
    body: { id: 1, firstname: 'A', lastname: 'B', mail: 'a@vitrina.test' },
    as: 'administrator',
    field: 'rol',
    message: 'Rol: El campo es requerido.',
  },
  {
    name: 'PUT user/reset with a text id',
    method: 'PUT',
    url: '/api/user/reset',
    body: { id: '7; drop table users' },
    as: 'administrator',
    field: 'id',
    message: 'Identificador: El campo tiene un tipo de dato inválido.',
  },
  {
    name: 'refresh without token',
    method: 'POST',
    url: '/api/user/refreshtoken',
    body: {},
    as: 'anonymous',
    field: 'token',
    message: 'Token: El campo es requerido',
  },
];

describe.each(testDialects)(
  'validation rules and messages ($dialect)',
  ({ dialect, available }) => {
    const state = useSeededApp(dialect, available);

    it.skipIf(!available).each([...userCases, ...passwordCases, ...otherCases])(
      '$name',
      async (testCase) => {
        const before = await snapshotCounts(state.context.db);
        const token = testCase.as === 'anonymous' ? null : state.fixture.tokens[testCase.as];
        const response = await callApi(state.context.app, { ...testCase, token });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'validation_failed',
          field: testCase.field,
          message: testCase.message,
        });
        expect(await snapshotCounts(state.context.db)).toEqual(before);
      },
    );

    it.skipIf(!available)('accepts the limits themselves', async () => {
      const body = {
        ...validUser,
        username: long(30),
        firstname: long(60),
        lastname: long(60),
        rol: '0',
      };
      const response = await callApi(state.context.app, {
        method: 'POST',
        url: '/api/user',
        body: { ...body, mail: `${long(47)}@vitrina.test` },
        token: state.fixture.tokens.administrator,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().rol).toBe(0);
      const password = await callApi(state.context.app, {
        method: 'PUT',
        url: '/api/user/changepassword',
        body: { password: 'Abcdefgh12' },
        token: state.fixture.tokens.viewer,
      });
      expect(password.statusCode).toBe(200);
    });
  },
);
