import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { unsubscribe } from '../api/subscriptions-api.ts';

/**
 * The page of the mail's unsubscribe link (no login). It asks before acting: a mail scanner that
 * opens the link must not unsubscribe anyone.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const [state, setState] = useState<{ done: boolean; text: string } | null>(null);
  if (state) {
    return <Result status={state.done ? 'success' : 'warning'} title={state.text} />;
  }
  return (
    <Card
      title="Dejar de recibir un informe por correo"
      style={{ maxWidth: 480, margin: '48px auto' }}
    >
      <p>Ya no recibirá este informe en su correo. Los demás envíos no cambian.</p>
      <Button
        type="primary"
        onClick={() =>
          void unsubscribe(token).then(
            (answer) => setState({ done: true, text: answer.message }),
            (error: unknown) => setState({ done: false, text: errorMessage(error) }),
          )
        }
      >
        Darme de baja
      </Button>
    </Card>
  );
}
