import { randomUUID } from 'node:crypto';
import type { FakeIdentity, FakeWorkspace } from './fake-bi-service.ts';

/** A workspace with `reports` reports and `dashboards` dashboards, fresh GUIDs. */
export function workspace(name: string, reports = 2, dashboards = 1): FakeWorkspace {
  return {
    id: randomUUID(),
    name,
    reports: Array.from({ length: reports }, (_, i) => ({
      id: randomUUID(),
      name: `${name} informe ${i + 1}`,
    })),
    dashboards: Array.from({ length: dashboards }, (_, i) => ({
      id: randomUUID(),
      name: `${name} panel ${i + 1}`,
    })),
  };
}

/** An integration identity known to the fake BI service. */
export function identity(username: string, workspaces: FakeWorkspace[]): FakeIdentity {
  return { username, password: 'Secreto2024', clientId: randomUUID(), workspaces };
}

/** A logger that keeps the warnings the BI client writes, for tests to read. */
export function warningLog() {
  const warnings: { details: unknown; message: string | undefined }[] = [];
  return {
    warnings,
    log: { warn: (details: unknown, message?: string) => warnings.push({ details, message }) },
  };
}
