import { Input, Tag, Typography } from 'antd';
import { fromLocalInput, hasEnded, toLocalInput } from './grant-end.ts';
// The grant styles travel with the input: the user modal's tree has no admin-panels.css.
import './grant-end.css';

/**
 * The "Válido hasta" of one grant: a date/time input (empty: no end) and a "Vencido" tag once it
 * has passed. Clicks stay here, so the tree row it sits in does not toggle.
 */
export function GrantEndInput(props: {
  /** Whose grant, for the input's accessible name. */
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <span className="vt-grant-end" onClick={(event) => event.stopPropagation()}>
      <Input
        type="datetime-local"
        size="small"
        aria-label={`Válido hasta: ${props.label}`}
        title="Válido hasta"
        value={toLocalInput(props.value)}
        onChange={(event) => props.onChange(fromLocalInput(event.target.value))}
        style={{ width: 190 }}
      />
      {hasEnded(props.value) && <Tag>Vencido</Tag>}
    </span>
  );
}

/** What the date beside each grant means, once above a list of grants. */
export function GrantEndHint() {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
      Válido hasta: vacío, el permiso no vence. Uno vencido se muestra en gris hasta quitarlo.
    </Typography.Paragraph>
  );
}
