/** The shipped BI service (`npm run start:bi`). Tests that need more start their own entry. */
import { runBiServiceProcess } from './src/start-service.ts';

// The demo plug-in is loaded only in demo mode, so the product (`src/`) never reaches `demo/`.
await runBiServiceProcess({ loadDemo: loadDemoPlugin });

async function loadDemoPlugin() {
  return (await import('./demo/plugin.ts')).demoPlugin;
}
