import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { periodicTask } from '../../lib/periodic-task.ts';
import { grantRemindersRepository as repository } from './grant-reminders.repository.ts';
import type { ElementType } from './permissions.repository.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** How long before its end a grant is reminded (decision 0281). */
const reminderLeadMs = 7 * dayMs;
/** How often each instance looks for grants to remind. */
const checkMs = 10 * 60 * 1000;

interface Person {
  firstname: string;
  lastname: string;
  mail: string;
}

/** One grant about to end: whose it is, on what, until when. */
interface EndingGrant {
  holder: string;
  /** "el acceso de Ana Pérez" or "el acceso del grupo Ventas". */
  whose: string;
  holders: Person[];
  accountElementId: string;
  elementType: ElementType;
  validUntil: string;
}

const levelNames: Record<ElementType, string> = {
  account: 'la cuenta',
  workspace: 'el área de trabajo',
  report: 'el informe',
};
const fullName = (person: Person) => `${person.firstname} ${person.lastname}`.trim();
const endFormat = new Intl.DateTimeFormat('es', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function reminderMails(grant: EndingGrant, element: string, administrators: Person[]) {
  const end = `${endFormat.format(new Date(grant.validUntil))} (UTC)`;
  const what = `${levelNames[grant.elementType]} «${element}»`;
  const subject = `Acceso por vencer: ${element}`;
  const toHolders = grant.holders.map((person) => ({
    to: person.mail,
    subject,
    text: [
      `Hola ${person.firstname}:`,
      `Su acceso a ${what} vence el ${end}. Desde entonces el portal dejará de mostrárselo.`,
      'Si todavía lo necesita, pida a un administrador que lo extienda.',
    ].join('\n\n'),
  }));
  const toAdministrators = administrators.map((person) => ({
    to: person.mail,
    subject,
    text: [
      `Hola ${person.firstname}:`,
      `Vence el ${end} ${grant.whose} a ${what}.`,
      'Para extenderlo, cambie su "Válido hasta" en Administración - Permisos.',
    ].join('\n\n'),
  }));
  return [...toHolders, ...toAdministrators].filter((mail) => mail.to !== '');
}

/**
 * Mails the holder (each member, for a group grant) and every administrator once, `reminderLeadMs`
 * before a grant ends (or at once when it was given a nearer end). Each reminder is claimed in the
 * database before it is sent, so with several instances exactly one sends it.
 */
export function createGrantReminders(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db } = deps;

  async function endingGrants(from: string, to: string): Promise<EndingGrant[]> {
    const [own, ofGroups] = await Promise.all([
      repository.userGrantsEnding(db, from, to),
      repository.groupGrantsEnding(db, from, to),
    ]);
    const grants: EndingGrant[] = own.map((row) => ({
      holder: `user:${row.id}`,
      whose: `el acceso de ${fullName(row)}`,
      holders: [row],
      accountElementId: row.account_element_id,
      elementType: row.element_type,
      validUntil: row.valid_until!,
    }));
    // One grant per group and element, its members gathered from the rows.
    const ofGroup = new Map<string, EndingGrant>();
    for (const row of ofGroups) {
      const holder = `group:${row.group_name}`;
      const key = `${holder}\n${row.account_element_id}`;
      const grant = ofGroup.get(key) ?? {
        holder,
        whose: `el acceso del grupo ${row.group_name}`,
        holders: [],
        accountElementId: row.account_element_id,
        elementType: row.element_type,
        validUntil: row.valid_until!,
      };
      ofGroup.set(key, grant);
      // A group without members still reminds the administrators.
      const { firstname, lastname, mail } = row;
      if (firstname !== null && lastname !== null && mail !== null)
        grant.holders.push({ firstname, lastname, mail });
    }
    grants.push(...ofGroup.values());
    return grants;
  }

  async function remind(grant: EndingGrant, administrators: Person[]): Promise<boolean> {
    const key = {
      holder: grant.holder,
      account_element_id: grant.accountElementId,
      valid_until: grant.validUntil,
    };
    const element = await repository.elementName(db, grant.accountElementId, grant.elementType);
    if (element === undefined) return false; // deleted meanwhile: its grants go with it
    const sentAt = new Date(deps.now()).toISOString();
    if (!(await repository.claim(db, { ...key, sent_at: sentAt }))) return false;
    try {
      for (const mail of reminderMails(grant, element, administrators))
        await deps.mailer.send(mail);
      return true;
    } catch (error) {
      await repository.release(db, key);
      throw error;
    }
  }

  /** Sends the reminders now due; answers how many grants were reminded. */
  async function sendDue(): Promise<number> {
    const now = deps.now();
    const from = new Date(now).toISOString();
    await repository.prune(db, from);
    const grants = await endingGrants(from, new Date(now + reminderLeadMs).toISOString());
    if (!grants.length) return 0;
    const administrators = await repository.administrators(db);
    let sent = 0;
    for (const grant of grants) if (await remind(grant, administrators)) sent += 1;
    return sent;
  }

  const checks = periodicTask(sendDue, checkMs, (error) =>
    deps.log.error({ err: error }, 'grant reminder check failed'),
  );
  return {
    sendDue,
    /** Looks at start and every `checkMs` after. */
    async start() {
      checks.start();
    },
    stop: checks.stop,
  };
}
