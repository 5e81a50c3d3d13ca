import { App } from 'antd';
import { useMemo } from 'react';
import { errorMessage } from '../lib/api-error.ts';

/** Success toasts (title + text) and error notifications carrying the server's message. */
export function useNotify() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: string, description: string) => notification.success({ title, description }),
      error: (error: unknown, title = 'Error') =>
        notification.error({ title, description: errorMessage(error) }),
    }),
    [notification],
  );
}
