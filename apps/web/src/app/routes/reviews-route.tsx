import { ReviewsPage } from '../../features/reviews/components/ReviewsPage.tsx';
import { useCurrentUser } from '../../lib/use-current-user.ts';

/** "Revisiones de acceso": inside the administration shell (the server checks the role too). */
export function ReviewsRoute() {
  const user = useCurrentUser();
  return user ? <ReviewsPage user={user} /> : null;
}
