import { MailOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import type { SubscriptionBody } from '@vitrina/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import type { EmbedHandle } from '../../../lib/embed-service.ts';
import type { CurrentUser } from '../../../lib/models.ts';
import { createSubscription } from '../api/subscriptions-api.ts';
import { SubscriptionFormModal, type SubscriptionDraft } from './SubscriptionFormModal.tsx';

/** What "Suscribirse" needs of the embedded report (powerbi-client 2.8's Report). */
interface CapturableReport {
  bookmarksManager: { capture(): Promise<{ state?: string }> };
}

/**
 * "Suscribirse" in the viewer: the view on screen (filters, slicers, page) is captured through
 * the SDK and a new subscription to this report starts from it (decision 0289).
 */
export function SubscribeButton(props: {
  uid: string;
  embed: EmbedHandle | null;
  disabled: boolean;
  user: CurrentUser;
  isAdministrator: boolean;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SubscriptionDraft | null>(null);
  const [capturing, setCapturing] = useState(false);

  async function start() {
    const report = props.embed as unknown as CapturableReport | null;
    if (!report) return;
    setCapturing(true);
    try {
      const { state } = await report.bookmarksManager.capture();
      setDraft({ reportUid: props.uid, ...(state ? { bookmarkState: state } : {}) });
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setCapturing(false);
    }
  }

  async function save(body: SubscriptionBody) {
    await createSubscription(body);
    await queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    void message.success('Suscripción guardada. La encontrará en Mis suscripciones.');
  }

  return (
    <>
      <Button
        icon={<MailOutlined />}
        disabled={props.disabled}
        loading={capturing}
        onClick={() => void start()}
      >
        Suscribirse
      </Button>
      {/* Mounted only once asked for: the form loads the reports (and users) it offers. */}
      {draft && (
        <SubscriptionFormModal
          user={props.user}
          isAdministrator={props.isAdministrator}
          subscription={undefined}
          draft={draft}
          open
          onClose={() => setDraft(null)}
          onSave={save}
        />
      )}
    </>
  );
}
