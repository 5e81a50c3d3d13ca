import type { MailMessage } from '../../lib/mailer.ts';

interface Recipient {
  username: string;
  firstname: string;
  mail: string;
}

/** The Spanish mail carrying a temporary password (account created or password reset). */
export function temporaryPasswordMail(
  user: Recipient,
  password: string,
  reason: 'created' | 'reset',
  portalUrl: string,
): MailMessage {
  const opening =
    reason === 'created'
      ? 'Se creó su usuario en el portal de informes.'
      : 'Se reseteó la contraseña de su usuario en el portal de informes.';
  return {
    to: user.mail,
    subject:
      reason === 'created' ? 'Su usuario del portal de informes' : 'Nueva contraseña temporal',
    text: [
      `Hola ${user.firstname}:`,
      '',
      opening,
      '',
      `Usuario: ${user.username}`,
      `Contraseña temporal: ${password}`,
      '',
      `Ingrese en ${portalUrl} y cambie la contraseña desde el menú de usuario, opción Cambiar contraseña.`,
    ].join('\n'),
  };
}
