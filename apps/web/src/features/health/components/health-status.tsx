import { useHealth, type HealthState } from '../api/get-health.ts';
import './health-status.css';

export const healthTexts: Record<HealthState, string> = {
  loading: 'Checking system status…',
  operational: 'All systems operational',
  unavailable: 'Lumigen is unavailable right now. Please try again shortly.',
};

export function HealthStatus() {
  const state = useHealth();
  return (
    <p className="health-status" data-state={state} role="status">
      <span className="health-status__dot" aria-hidden="true" />
      {healthTexts[state]}
    </p>
  );
}
