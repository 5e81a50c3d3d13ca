import { createRequire } from 'node:module';

/**
 * powerbi-models 1.2.1 exactly as powerbi-client 2.8.0 ships it, inside the UMD bundle
 * `powerbi-client/dist/powerbi.js` (the `powerbi-models` package installed next to it is a newer
 * version). Loading the bundle runs its entry module, which creates a Service listening for
 * `message` events on `window`; an inert stand-in is enough for the models to load.
 */
type Validate = (input: unknown) => { message: string }[] | undefined;
type Constructor = new (...args: unknown[]) => { toJSON(): unknown };

export interface ReferenceModels {
  [name: string]: unknown;
  Validators: Record<string, unknown>;
}

export function loadReferenceModels(): ReferenceModels {
  const scope = globalThis as Record<string, unknown>;
  const inertWindow = { addEventListener() {}, removeEventListener() {} };
  scope['window'] ??= inertWindow;
  scope['self'] ??= scope['window'];
  const require = createRequire(import.meta.url);
  const client = require('powerbi-client/dist/powerbi.js') as { models: ReferenceModels };
  return client.models;
}

export function referenceValidator(models: ReferenceModels, name: string): Validate {
  const validate = models[name];
  if (typeof validate !== 'function') throw new Error(`powerbi-models 1.2.1 has no ${name}`);
  return validate as Validate;
}

export function referenceClass(models: ReferenceModels, name: string): Constructor {
  const constructor = models[name];
  if (typeof constructor !== 'function') throw new Error(`powerbi-models 1.2.1 has no ${name}`);
  return constructor as Constructor;
}
