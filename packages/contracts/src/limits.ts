/** Business limits of spec sections 5 and 9. */
export const limits = {
  firstname: 60,
  lastname: 60,
  username: 30,
  mail: 60,
  /** Every account field (description, username, password, clientId). */
  accountField: 50,
  /** A service principal's certificate and private key in PEM. */
  certificatePem: 20_000,
  /** An effective identity's username and each of its role names. */
  rlsUsername: 256,
  rlsRoles: 20,
  passwordMin: 8,
  passwordMax: 10,
  /** Generous cap for login inputs: rejects oversized bodies without judging the content. */
  loginField: 200,
  /** Cap for opaque ids (GUIDs, uids, tokens) received from the client. */
  opaqueId: 200,
  refreshToken: 200,
  /** A report's name, as the BI service's Clone accepts it. */
  reportName: 200,
} as const;

/** Roles of spec section 1: 0 Administrator, 1 Viewer. */
export const roles = { administrator: 0, viewer: 1 } as const;
export type Role = (typeof roles)[keyof typeof roles];

/** The product version shown in the about modal (held by the client, spec section 3). */
export const productVersion = '1.2.2';

/** Letters and digits only, with at least one lowercase, one uppercase and one digit. */
export const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]+$/;
