import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import type { AuthoringEmbed } from './authoring.ts';

const leaveQuestion = 'Hay cambios sin guardar en el informe. ¿Desea salir de todos modos?';

/**
 * While `embed` is being edited, leaving asks first. Moving inside the portal asks the frame
 * (`isSaved`, the SDK's `hasUnsavedChanges`) and confirms only when something is unsaved; closing
 * or reloading the tab cannot wait for the frame, so the browser's own question is shown whenever
 * edit mode is on.
 */
export function useUnsavedChangesGuard(embed: AuthoringEmbed | null, editing: boolean): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(editing && embed !== null);
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current || !embed) return;
    asking.current = true;
    const settle = (leave: boolean) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    };
    embed
      .isSaved()
      .catch(() => false)
      .then((saved) => {
        if (saved) return settle(true);
        modal.confirm({
          title: 'Cambios sin guardar',
          content: leaveQuestion,
          okText: 'Salir',
          cancelText: 'Seguir editando',
          onOk: () => settle(true),
          onCancel: () => settle(false),
        });
      });
  }, [blocker, embed, modal]);

  useEffect(() => {
    if (!editing) return;
    const askBrowser = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', askBrowser);
    return () => window.removeEventListener('beforeunload', askBrowser);
  }, [editing]);
}
