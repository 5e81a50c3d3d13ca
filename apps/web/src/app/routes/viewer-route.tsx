import { useParams } from 'react-router';
import { ViewerPage } from '../../features/viewer/components/ViewerPage.tsx';

export function ViewerRoute() {
  const { uid = '' } = useParams();
  return <ViewerPage key={uid} uid={uid} />;
}
