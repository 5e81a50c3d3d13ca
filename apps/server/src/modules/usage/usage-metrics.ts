import type { UsageOpen } from '@vitrina/contracts';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';

/** How often the metrics go to the collector. */
const exportEveryMs = 60_000;

/**
 * Report opens as OpenTelemetry metrics, sent over OTLP/HTTP to `endpoint` (the standard
 * `OTEL_EXPORTER_OTLP_ENDPOINT`, the signal path appended). Off unless configured. The attributes
 * stay few (device class, error code) so a collector's series do not grow with the reports.
 */
export function createUsageMetrics(endpoint: string) {
  const provider = new MeterProvider({
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/metrics` }),
        exportIntervalMillis: exportEveryMs,
      }),
    ],
  });
  const meter = provider.getMeter('vitrina-portal');
  const opens = meter.createCounter('vitrina.report.opens', {
    description: 'Aperturas de informes medidas por el visor',
  });
  const phases = meter.createHistogram('vitrina.report.open.duration', {
    description: 'Duración de cada fase de la apertura de un informe',
    unit: 'ms',
  });
  return {
    record(open: UsageOpen): void {
      opens.add(1, { device: open.device, 'error.code': open.errorCode ?? '' });
      for (const [phase, ms] of Object.entries(open.phases)) {
        if (ms !== undefined) phases.record(ms, { phase, device: open.device });
      }
    },
    /** Sends what is pending now (tests, and before the process stops). */
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
