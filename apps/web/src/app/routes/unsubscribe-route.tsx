import { useSearchParams } from 'react-router';
import { UnsubscribePage } from '../../features/subscriptions/components/UnsubscribePage.tsx';

/** `/unsubscribe?token=…`: the link in every subscription mail, without a session. */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return <UnsubscribePage token={params.get('token') ?? ''} />;
}
