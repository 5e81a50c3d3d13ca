import { Alert } from 'antd';
import { errorMessage } from '../lib/api-error.ts';

/** A failed list load, with the server's message (instead of an empty table that looks like "no data"). */
export function LoadError({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} />;
}
