import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/**
 * An icon-only button with its tooltip. `ariaLabel` names what it acts on where the tooltip
 * alone would not ("Editar cuenta Comercial" behind "Editar"); by default the tooltip is the name.
 */
export function IconAction({
  label,
  ariaLabel = label,
  icon,
  danger,
  onClick,
}: {
  label: string;
  ariaLabel?: string;
  icon: ReactNode;
  danger?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" danger={danger} icon={icon} aria-label={ariaLabel} onClick={onClick} />
    </Tooltip>
  );
}
