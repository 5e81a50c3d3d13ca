/**
 * The one validation text the login card needs, kept out of the contracts import so the login
 * route does not ship Zod (login-messages.test.ts keeps it equal to the contracts' text).
 */
export const REQUIRED_SHORT = 'El campo es requerido';
