import { Card, Col, Empty, Row, Statistic, Table } from 'antd';
import type { Percentiles, ReportUsage } from '@vitrina/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { OpensChart } from './OpensChart.tsx';

/** What every subject of "Uso" has: opens, viewers, percentiles, phases, errors, days. */
type Figures = Omit<ReportUsage, 'reportUid' | 'name'>;

const seconds = new Intl.NumberFormat('es', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A time in seconds with two decimals ("1,25 s"); a dash when nothing was measured. */
export const durationText = (ms: number | null) =>
  ms === null ? '—' : `${seconds.format(ms / 1000)} s`;

const phaseRows = (figures: Figures): ({ phase: string } & Percentiles)[] => [
  { phase: 'Token del portal', ...figures.phases.tokenMs },
  { phase: 'Embebido hasta loaded', ...figures.phases.loadedMs },
  { phase: 'De loaded a rendered', ...figures.phases.renderedMs },
  {
    phase: 'Total hasta rendered',
    p50Ms: figures.p50Ms,
    p95Ms: figures.p95Ms,
    p99Ms: figures.p99Ms,
  },
];

export const percentileColumns = (['p50Ms', 'p95Ms', 'p99Ms'] as const).map((key) => ({
  title: key.slice(0, 3),
  dataIndex: key,
  align: 'right' as const,
  render: (ms: number | null) => durationText(ms),
}));

/** The figures of one subject: counts, the per-day chart, the phases' percentiles and the errors. */
export function UsageFigures({ figures }: { figures: Figures }) {
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="Aperturas" value={figures.opens} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="Lectores distintos" value={figures.viewers} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="p50 hasta rendered" value={durationText(figures.p50Ms)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="Última apertura" value={formatDateTime(figures.lastOpen) || '—'} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="Aperturas y lectores por día" style={{ marginBottom: 16 }}>
        <OpensChart days={figures.days} />
      </Card>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={14}>
          <Card size="small" title="Tiempos de apertura">
            <Table
              size="small"
              pagination={false}
              rowKey="phase"
              dataSource={phaseRows(figures)}
              columns={[{ title: 'Fase', dataIndex: 'phase' }, ...percentileColumns]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title="Errores por código">
            {figures.errors.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin errores" />
            ) : (
              <Table
                size="small"
                pagination={false}
                rowKey="code"
                dataSource={figures.errors}
                columns={[
                  { title: 'Código', dataIndex: 'code' },
                  { title: 'Aperturas', dataIndex: 'count', align: 'right' },
                ]}
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
