import { AdminSection } from '../components/admin-layout.tsx';

// The sections other parts of the console fill: each names what it shows until its page lands.
export function PricesPage() {
  return <AdminSection title="Prices" lead="The credit price of each paid action." />;
}
