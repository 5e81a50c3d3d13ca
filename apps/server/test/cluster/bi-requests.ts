import { randomUUID } from 'node:crypto';

/** The scope every Power BI client asks for (msal's `.default` of the Power BI resource). */
const powerBiScope = 'https://analysis.windows.net/powerbi/api/.default';

/** The BI service's OAuth token endpoint (Entra ID's shape; the tenant is a free name). */
export const tokenPath = '/vitrina/oauth2/v2.0/token';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ ...fields, scope: powerBiScope }).toString(),
});

/** A client-credentials token request (a service principal and its secret). */
export const clientCredentials = (clientId: string, secret: string) =>
  form({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });

/** A password-grant token request (a user of a public client). */
export const passwordGrant = (clientId: string, username: string, password: string) =>
  form({ grant_type: 'password', client_id: clientId, username, password });

/** The head and tail around one file part of a multipart/form-data body. */
export function filePartFrame(fileName: string) {
  const boundary = `vitrina-suite-${randomUUID()}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** A whole file as the body of an Imports API call. */
export function fileUpload(fileName: string, bytes: Buffer) {
  const frame = filePartFrame(fileName);
  return {
    headers: { 'content-type': frame.contentType },
    body: Buffer.concat([frame.head, bytes, frame.tail]),
  };
}

/** Authorization headers for the two kinds of BI token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const embedToken = (token: string) => ({ authorization: `EmbedToken ${token}` });
export const json = { 'content-type': 'application/json' };

/** The smallest report definition the service accepts: one empty page. */
export const emptyReport = {
  pages: [
    { name: 'ReportSection1', displayName: 'Resumen', width: 1280, height: 720, visuals: [] },
  ],
};
