/**
 * The tests' entry point: the real BI service, started exactly as `src/server.ts` starts it, with
 * the fault switch installed. Tests that run the service as a process spawn this file.
 */
import { runBiServiceProcess } from '../../src/start-service.ts';
import { installFaultSwitch } from './fault-switch.ts';

await runBiServiceProcess({ configureApp: installFaultSwitch });
