import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  createAccountRequestSchema,
  createUserRequestSchema,
  loginRequestSchema,
  passwordField,
  retryLaterMessage,
  tableTypesRequestSchema,
  updateAccountRequestSchema,
  validationMessages,
} from './index.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('password rule (spec section 5)', () => {
  it.each([
    ['Clave1234', undefined],
    ['Abcdefgh12', undefined],
    ['', 'El campo es requerido'],
    ['Ab1', 'El campo no cumple con la longitud minima'],
    ['abcdefgh1', 'El campo no cumple con los requerimientos'],
    ['ABCDEFGH1', 'El campo no cumple con los requerimientos'],
    ['Abcdefghi', 'El campo no cumple con los requerimientos'],
    ['Abcd efg1', 'El campo no cumple con los requerimientos'],
    ['Abcdefgh123', 'El campo supera la longitud máxima de 10 caracteres.'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(passwordField.safeParse(value))).toBe(message);
  });

  it('requires the repetition to match', () => {
    const result = changePasswordFormSchema.safeParse({
      password: 'Clave1234',
      repeat: 'Clave1235',
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['repeat'], message: 'Las contraseñas no coinciden' },
    ]);
  });
});

describe('user form', () => {
  const valid = {
    username: 'mramos',
    firstname: 'María',
    lastname: 'Ramos',
    mail: 'm@vitrina.test',
  };

  it('defaults the role to Viewer and accepts the radio values', () => {
    expect(createUserRequestSchema.parse(valid).rol).toBe(1);
    expect(createUserRequestSchema.parse({ ...valid, rol: '0' }).rol).toBe(0);
  });

  it('uses the spec messages with the final dot', () => {
    expect(firstMessage(createUserRequestSchema.safeParse({ ...valid, username: '' }))).toBe(
      validationMessages.required,
    );
    expect(firstMessage(createUserRequestSchema.safeParse({ ...valid, mail: 'x' }))).toBe(
      'El campo requiere formato de mail.',
    );
  });
});

describe('account forms', () => {
  const valid = {
    description: 'Comercial',
    username: 'a@b.co',
    password: 'secreta',
    clientId: 'abc',
  };

  it.each(['description', 'username', 'password', 'clientId'])(
    '%s is required, max 50',
    (field) => {
      expect(firstMessage(createAccountRequestSchema.safeParse({ ...valid, [field]: '' }))).toBe(
        'El campo es requerido.',
      );
      const long = field === 'username' ? `${'a'.repeat(45)}@b.co` + 'x' : 'a'.repeat(51);
      expect(firstMessage(createAccountRequestSchema.safeParse({ ...valid, [field]: long }))).toBe(
        'El campo supera la longitud máxima de 50 caracteres.',
      );
    },
  );

  it('wants an e-mail as account username and an id when editing', () => {
    expect(firstMessage(createAccountRequestSchema.safeParse({ ...valid, username: 'x' }))).toBe(
      'El campo requiere formato de mail.',
    );
    expect(updateAccountRequestSchema.safeParse(valid).success).toBe(false);
    expect(updateAccountRequestSchema.safeParse({ ...valid, id: 3 }).success).toBe(true);
  });
});

describe('login form', () => {
  it('uses the short required message', () => {
    expect(firstMessage(loginRequestSchema.safeParse({ username: '', password: 'x' }))).toBe(
      'El campo es requerido',
    );
  });
});

describe('retry message', () => {
  it('says how long to wait and until when', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(retryLaterMessage(new Date('2026-01-01T10:15:00Z'), now)).toBe(
      'Demasiados intentos fallidos. Intente nuevamente en 15 minutos (a las 10:15 UTC).',
    );
    expect(retryLaterMessage(new Date('2026-01-01T10:00:01Z'), now)).toBe(
      'Demasiados intentos fallidos. Intente nuevamente en 1 segundo (a las 10:00 UTC).',
    );
  });
});

describe('Datos type corrections', () => {
  it('takes only types the BI service applies: a fixed decimal is refused in Spanish', () => {
    const columns = (dataType: string) => ({ columns: [{ name: 'Importe', dataType }] });
    expect(tableTypesRequestSchema.safeParse(columns('Double')).success).toBe(true);
    expect(tableTypesRequestSchema.safeParse(columns('DateTime')).success).toBe(true);
    expect(firstMessage(tableTypesRequestSchema.safeParse(columns('Decimal')))).toBe(
      'El tipo de la columna no es válido.',
    );
  });
});
