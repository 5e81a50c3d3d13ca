/**
 * `npm run test:reliability`: only the reliability suite's long runs (docs/reliability.md), ending
 * with `N passed, N failed[, N skipped]`. CI runs them as part of `npm test -- --reliability`.
 */
import { runReliabilitySuite, summaryLine } from './vitest-run.ts';

const tally = runReliabilitySuite();
console.log(`\n${summaryLine(tally)}`);
process.exit(tally.failed === 0 ? 0 : 1);
