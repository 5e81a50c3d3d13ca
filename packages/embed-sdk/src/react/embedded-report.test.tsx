// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Embed } from '../embed.ts';
import { hpmFactory, routerFactory, wpmpFactory } from '../factories.ts';
import { Report } from '../report.ts';
import { Service } from '../service.ts';
import { EmbeddedReport } from './embedded-report.tsx';

const embedUrl = 'https://bi.example/reportEmbed?reportId=r1';

describe('<EmbeddedReport>', () => {
  const service = new Service(hpmFactory, wpmpFactory, routerFactory);
  afterEach(() => cleanup());

  it('embeds on mount, exposes the embed by ref and onEmbedded, wires handlers, resets on unmount', () => {
    const ref = createRef<Embed | undefined>();
    const onEmbedded = vi.fn();
    const loaded = vi.fn();
    const view = render(
      <EmbeddedReport
        service={service}
        ref={ref}
        onEmbedded={onEmbedded}
        title="Ventas"
        eventHandlers={{ loaded, ready: loaded }}
        config={{ type: 'report', embedUrl, accessToken: 't', uniqueId: 'u1' }}
      />,
    );
    const report = ref.current;
    expect(report).toBeInstanceOf(Report);
    expect(onEmbedded).toHaveBeenCalledWith(report);
    expect(view.container.querySelector('iframe')?.getAttribute('title')).toBe('Ventas');
    act(() => {
      report?.element.dispatchEvent(new CustomEvent('loaded', { detail: 1 }));
      report?.element.dispatchEvent(new CustomEvent('ready', { detail: 2 }));
    });
    expect(loaded.mock.calls.map(([e]) => (e as CustomEvent).detail)).toEqual([1, 2]);
    view.unmount();
    expect(service.find('u1')).toBeUndefined();
    expect(service.getNumberOfComponents()).toBe(0);
  });

  it('bootstraps without a token, then completes the same iframe when the token arrives', () => {
    const onEmbedded = vi.fn();
    const config = { type: 'report', embedUrl, uniqueId: 'u2' };
    const view = render(
      <EmbeddedReport service={service} onEmbedded={onEmbedded} config={config} />,
    );
    const iframe = view.container.querySelector('iframe');
    expect(service.find('u2')?.isBootstrapped()).toBe(true);
    expect(onEmbedded).not.toHaveBeenCalled();
    view.rerender(
      <EmbeddedReport
        service={service}
        onEmbedded={onEmbedded}
        config={{ ...config, accessToken: 't' }}
      />,
    );
    const report = service.find('u2');
    expect(report?.isBootstrapped()).toBe(false);
    expect(report?.config.accessToken).toBe('t');
    expect(view.container.querySelector('iframe')).toBe(iframe);
    expect(onEmbedded).toHaveBeenCalledWith(report);
  });

  it('a new token on a live embed goes through setAccessToken, without re-embedding', () => {
    const config = { type: 'report', embedUrl, accessToken: 't1', uniqueId: 'u3' };
    const view = render(<EmbeddedReport service={service} config={config} />);
    const report = service.find('u3') as Report;
    const setAccessToken = vi.spyOn(report, 'setAccessToken').mockResolvedValue(undefined);
    const load = vi.spyOn(report, 'load');
    view.rerender(<EmbeddedReport service={service} config={{ ...config, accessToken: 't2' }} />);
    expect(setAccessToken).toHaveBeenCalledWith('t2');
    expect(load).not.toHaveBeenCalled();
  });
});
