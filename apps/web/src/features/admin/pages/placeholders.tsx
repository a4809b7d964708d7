import { AdminSection } from '../components/admin-layout.tsx';

// The sections other parts of the console fill: each names what it shows until its page lands.
export function OverviewPage() {
  return <AdminSection title="Overview" lead="Sign-ups, credits, revenue and provider costs by day." />;
}
export function PaymentsPage() {
  return <AdminSection title="Payments" lead="Purchases by day, refunds, disputes and open shortfalls." />;
}
export function JobsPage() {
  return <AdminSection title="Jobs" lead="Jobs by status, failed and stuck ones first, with their attempts." />;
}
export function ProvidersPage() {
  return <AdminSection title="Providers" lead="Each provider's requests, error rate, latency and cost." />;
}
export function UsersPage() {
  return <AdminSection title="Customers" lead="Find a customer by e-mail address, name or id." />;
}
