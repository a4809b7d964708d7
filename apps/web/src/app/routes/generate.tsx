import { GeneratePage } from '../../features/tools/components/generate-page.tsx';

export function GenerateRoute() {
  return <GeneratePage />;
}
