/**
 * `npm run test:soak`: only the reliability tier (docs/reliability.md), the 60 s load and the soak
 * (10 minutes; `SOAK_SECONDS` sets another length), ending with `N passed, N failed`. CI runs it
 * as part of `npm test -- --reliability`, with a 2-minute soak.
 */
import { runReliabilitySuite, summaryLine } from './vitest-run.ts';

const tally = runReliabilitySuite();
console.log(`\n${summaryLine(tally)}`);
process.exit(tally.failed === 0 ? 0 : 1);
