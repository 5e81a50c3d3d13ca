/**
 * A small React page on Microsoft's powerbi-client-react, bundled with `powerbi-client` aliased to
 * our SDK (as an application does with `powerbi-client@npm:@vitrina/embed-sdk`). It records what
 * the wrapper's `eventHandlers` and `getEmbeddedComponent` receive, and lets the test change the
 * `embedConfig` prop.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PowerBIEmbed, type EmbedProps } from 'powerbi-client-react';
import type { Embed } from '../../src/index.ts';

type Config = EmbedProps['embedConfig'];

const framesUrl = new URLSearchParams(location.search).get('frames') ?? '';
const record = {
  events: [] as { name: string; detail: unknown; sameEmbed: boolean }[],
  embeds: [] as Embed[],
  setConfig: (_: Config): void => undefined,
  reportConfig,
};

function reportConfig(id: string): Config {
  return {
    type: 'report',
    id,
    embedUrl: `${framesUrl}/reportEmbed?reportId=${id}&autoloaded=1`,
    accessToken: 'react-token',
    uniqueId: 'react-1',
  } as Config;
}

/** Each handler records its event and whether the wrapper passed the embed it gave out last. */
const handler =
  (name: string) =>
  (event?: { detail?: unknown }, embed?: unknown): void => {
    record.events.push({ name, detail: event?.detail, sameEmbed: embed === record.embeds.at(-1) });
  };
const eventHandlers = new Map(['loaded', 'rendered', 'error'].map((name) => [name, handler(name)]));

function App() {
  const [config, setConfig] = useState(reportConfig('r1'));
  record.setConfig = setConfig;
  return (
    <div id="c1" style={{ width: 640, height: 400 }}>
      <PowerBIEmbed
        embedConfig={config}
        eventHandlers={eventHandlers}
        getEmbeddedComponent={(embed) => record.embeds.push(embed as unknown as Embed)}
        cssClassName="report"
      />
    </div>
  );
}

(window as unknown as { reactWrapper: typeof record }).reactWrapper = record;
createRoot(document.getElementById('root') as HTMLElement).render(<App />);
