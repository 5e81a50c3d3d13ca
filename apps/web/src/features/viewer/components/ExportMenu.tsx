import {
  CheckOutlined,
  DownloadOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FilePptOutlined,
} from '@ant-design/icons';
import type { ReportExportFormat } from '@vitrina/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNotify } from '../../../components/use-notify.ts';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import { useReportExport, type ExportScope } from './use-report-export.ts';

const formats: { format: ReportExportFormat; label: string; icon: ReactNode }[] = [
  { format: 'PDF', label: 'PDF', icon: <FilePdfOutlined aria-hidden /> },
  { format: 'PPTX', label: 'PowerPoint', icon: <FilePptOutlined aria-hidden /> },
  { format: 'PNG', label: 'Imagen (PNG)', icon: <FileImageOutlined aria-hidden /> },
];
const scopes: { scope: ExportScope; label: string }[] = [
  { scope: 'current', label: 'Página actual' },
  { scope: 'all', label: 'Todas las páginas' },
];

/**
 * The viewer's Exportar: a menu with the pages to export (Página actual / Todas las páginas, as
 * menu radio items that keep the menu open) and the formats, each of which starts the export.
 * While it runs, the button shows its progress beside a "Cancelar"; a failure is a Spanish
 * notification.
 */
export function ExportMenu({
  uid,
  embed,
  disabled,
}: {
  uid: string;
  embed: EmbedHandle | null;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<ExportScope>('current');
  const exporting = useReportExport(uid, embed);
  const notify = useNotify();

  const items: MenuProps['items'] = [
    {
      type: 'group',
      label: 'Páginas',
      children: scopes.map((option) => ({
        key: `scope:${option.scope}`,
        label: option.label,
        role: 'menuitemradio',
        'aria-checked': scope === option.scope,
        // Hidden, not absent, on the other choice: both labels stay aligned.
        icon: (
          <CheckOutlined
            aria-hidden
            style={{ visibility: scope === option.scope ? 'visible' : 'hidden' }}
          />
        ),
      })),
    },
    { type: 'divider' },
    {
      type: 'group',
      label: 'Formato',
      children: formats.map((option) => ({
        key: `format:${option.format}`,
        label: option.label,
        icon: option.icon,
      })),
    },
  ];
  const choose: MenuProps['onClick'] = ({ key }) => {
    const [kind, value] = key.split(':') as [string, string];
    if (kind === 'scope') {
      setScope(value as ExportScope);
      return;
    }
    setOpen(false);
    exporting
      .run(value as ReportExportFormat, scope)
      .catch((error: unknown) => notify.error(error, 'No se pudo exportar'));
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={(next, info) => {
          // A page choice keeps the menu open; a format closes it in `choose`.
          if (info.source === 'trigger') setOpen(next);
        }}
        disabled={disabled || exporting.busy}
        autoFocus
        menu={{ items, onClick: choose, selectable: false }}
      >
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.busy}
          aria-haspopup="menu"
          aria-expanded={open}
        >
          {exporting.busy ? `Exportando… ${exporting.percent} %` : 'Exportar'}
        </Button>
      </Dropdown>
      {exporting.busy && <Button onClick={exporting.cancel}>Cancelar</Button>}
      <span role="status" className="vt-visually-hidden">
        {exporting.busy ? `Exportando el informe: ${exporting.percent} %` : ''}
      </span>
    </>
  );
}
