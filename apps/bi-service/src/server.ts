/** The shipped BI service (`npm run start:bi`). Tests that need more start their own entry. */
import { runBiServiceProcess } from './start-service.ts';

await runBiServiceProcess();
