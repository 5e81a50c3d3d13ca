import { DatasetsPage } from '../../features/datasets/components/DatasetsPage.tsx';

/** "Datos": the datasets of the integration accounts' workspaces (administrators only). */
export function DatasetsRoute() {
  return <DatasetsPage />;
}
