import { CopywritePage } from '../../features/marketing/copywrite/copywrite-page.tsx';

export function CopywriteRoute() {
  return <CopywritePage />;
}
