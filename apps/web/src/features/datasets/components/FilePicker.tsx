import { UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useId, useRef } from 'react';

/**
 * A file input in Spanish: the browser's own control would say "Choose File / No file chosen" in
 * the browser's language, so a button opens the hidden input and the chosen name is shown beside it.
 */
export function FilePicker(props: {
  label: string;
  accept: string;
  file: File | null;
  onChange(file: File | null): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const chosenId = useId();
  return (
    <Space>
      {/* One item with the button: the absolutely placed input adds no gap before it. */}
      <span>
        <input
          ref={input}
          type="file"
          aria-label={props.label}
          accept={props.accept}
          // Reachable by its label (and by tests) but out of sight and of the tab order.
          tabIndex={-1}
          className="vt-visually-hidden"
          onChange={(event) => props.onChange(event.target.files?.[0] ?? null)}
        />
        <Button
          icon={<UploadOutlined aria-hidden />}
          aria-describedby={chosenId}
          onClick={() => input.current?.click()}
        >
          Elegir archivo
        </Button>
      </span>
      <Typography.Text id={chosenId} type={props.file ? undefined : 'secondary'}>
        {props.file?.name ?? 'Ningún archivo seleccionado'}
      </Typography.Text>
    </Space>
  );
}
