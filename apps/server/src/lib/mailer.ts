import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { ensurePrivateDir, privateFileMode } from '../private-files.ts';

/** A file sent with a mail; one with a `cid` is shown in the HTML body (`<img src="cid:…">`). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set; otherwise each mail becomes an RFC 822 `.eml`
 * file in `outboxDir`, so a machine without a mail server still delivers (to a folder).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) return;
      // Mails carry temporary passwords in clear text.
      ensurePrivateDir(options.outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(join(options.outboxDir, name), info.message as Buffer, {
        mode: privateFileMode,
      });
    },
  };
}
