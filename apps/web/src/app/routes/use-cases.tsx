import { UseCasesPage } from '../../features/marketing/use-cases/use-cases-page.tsx';

export function UseCasesRoute() {
  return <UseCasesPage />;
}
