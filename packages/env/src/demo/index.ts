export * from './identities.ts';
export * from './credentials.ts';
