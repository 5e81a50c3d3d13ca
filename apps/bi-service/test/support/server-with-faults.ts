/**
 * The tests' entry point: the real BI service, started exactly as `main.ts` starts it, with
 * the fault switch installed. Tests that run the service as a process spawn this file.
 */
import { demoPlugin } from '../../demo/plugin.ts';
import { runBiServiceProcess } from '../../src/start-service.ts';
import { installFaultSwitch } from './fault-switch.ts';

await runBiServiceProcess({
  configureApp: installFaultSwitch,
  loadDemo: () => Promise.resolve(demoPlugin),
});
