import { useAdminProviders } from '../api/get-providers.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { ReportError, ReportLoading } from '../components/report-state.tsx';
import { moment } from '../format.ts';
import '../reports.css';

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;

/** Each provider over the last 24 hours: how often it was called, how often it failed, how fast and what it cost. */
export function ProvidersPage() {
  const providers = useAdminProviders();
  const report = providers.data;
  return (
    <AdminSection
      title="Providers"
      lead="Every call the editing tools' providers answered in the last 24 hours. Errors include calls retried on another provider."
    >
      {providers.isPending ? (
        <ReportLoading what="the providers" />
      ) : providers.isError ? (
        <ReportError what="The providers" error={providers.error} retry={() => void providers.refetch()} />
      ) : (
        report &&
        (report.providers.length === 0 ? (
          <p className="admin-report__empty">No provider was called since {moment(report.since)}.</p>
        ) : (
          <div className="admin-table-scroll">
            <table className="data-table admin-table">
              <caption className="visually-hidden">Providers since {moment(report.since)}</caption>
              <thead>
                <tr>
                  <th scope="col">Provider</th>
                  <th scope="col" className="admin-num">
                    Requests
                  </th>
                  <th scope="col" className="admin-num">
                    Errors
                  </th>
                  <th scope="col" className="admin-num">
                    Error rate
                  </th>
                  <th scope="col" className="admin-num">
                    Median latency
                  </th>
                  <th scope="col" className="admin-num">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.providers.map((provider) => (
                  <tr key={provider.provider} className={provider.errorRate >= 0.2 ? 'admin-row--alarm' : undefined}>
                    <th scope="row">{provider.provider}</th>
                    <td className="admin-num">{provider.requests}</td>
                    <td className="admin-num">{provider.errors}</td>
                    <td className="admin-num">{percent(provider.errorRate)}</td>
                    <td className="admin-num">{Math.round(provider.medianMs)} ms</td>
                    <td className="admin-num">${provider.costUsd.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </AdminSection>
  );
}
