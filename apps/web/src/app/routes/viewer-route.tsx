import { useLoaderData, useParams } from 'react-router';
import { SubscribeButton } from '../../features/subscriptions/components/SubscribeButton.tsx';
import { ViewerPage } from '../../features/viewer/components/ViewerPage.tsx';
import { Role } from '../../lib/models.ts';
import { useCurrentUser } from '../../lib/use-current-user.ts';
import type { ViewerRouteData } from './viewer-route-data.ts';

export function ViewerRoute() {
  const { uid = '' } = useParams();
  // Undefined where the route is mounted without its loader (component tests).
  const data = useLoaderData<ViewerRouteData | undefined>();
  const user = useCurrentUser();
  const isAdministrator = user?.rol === Role.Administrator;
  return (
    <ViewerPage
      key={uid}
      uid={uid}
      earlyReport={data?.report}
      openedAt={data?.startedAt}
      view={data?.view}
      isAdministrator={isAdministrator}
      reportActions={({ embed, disabled }) =>
        user && (
          <SubscribeButton
            uid={uid}
            embed={embed}
            disabled={disabled}
            user={user}
            isAdministrator={isAdministrator}
          />
        )
      }
    />
  );
}
