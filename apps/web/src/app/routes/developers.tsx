import { DevelopersPage } from '../../features/developers/developers-page.tsx';

export function DevelopersRoute() {
  return <DevelopersPage />;
}
