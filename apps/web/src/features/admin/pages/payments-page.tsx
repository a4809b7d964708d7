import { adminDaysLimits } from '@lumigen/contract/admin-reports';
import { formatPrice } from '@lumigen/contract/catalogue';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useAdminPayments } from '../api/get-money.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { chartColors } from '../components/chart-colors.ts';
import { DayChart } from '../components/day-chart.tsx';
import { ReportError, ReportLoading } from '../components/report-state.tsx';
import { moment } from '../format.ts';
import '../reports.css';

const statusWords: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  canceled: 'Canceled',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** Money: purchases by day, each purchase with its customer and its page at the provider, and who still owes credits. */
export function PaymentsPage() {
  const days = adminDaysLimits.payments;
  const payments = useAdminPayments(days);
  const report = payments.data;
  const chart = useMemo(
    () =>
      report && {
        days: report.days.map((day) => day.day),
        sales: [
          { label: 'Purchases', color: chartColors[0], values: report.days.map((day) => day.purchases) },
          { label: 'Refunds', color: chartColors[3], values: report.days.map((day) => day.refunds) },
          { label: 'Disputes', color: chartColors[4], values: report.days.map((day) => day.disputes) },
        ],
        amounts: [{ label: 'Amount', color: chartColors[2], values: report.days.map((day) => day.amountCents) }],
      },
    [report],
  );

  return (
    <AdminSection
      title="Payments"
      lead={`Purchases credited in the last ${days} days by UTC day, refunds and disputes by the day they came, and customers who still owe credits.`}
    >
      {payments.isPending ? (
        <ReportLoading what="the payments" />
      ) : payments.isError ? (
        <ReportError what="The payments" error={payments.error} retry={() => void payments.refetch()} />
      ) : (
        report &&
        chart && (
          <>
            <div className="admin-charts">
              <DayChart title="Purchases, refunds and disputes" days={chart.days} series={chart.sales} />
              <DayChart title="Amount credited" days={chart.days} series={chart.amounts} format={formatPrice} />
            </div>

            <h2 className="admin-report__heading">Purchases</h2>
            {report.purchases.length === 0 ? (
              <p className="admin-report__empty">No payment was started in these {days} days.</p>
            ) : (
              <div className="admin-table-scroll">
                <table className="data-table admin-table">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Bundle</th>
                      <th scope="col" className="admin-num">
                        Amount
                      </th>
                      <th scope="col" className="admin-num">
                        Credits
                      </th>
                      <th scope="col">Status</th>
                      <th scope="col">At the provider</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.purchases.map((purchase) => (
                      <tr key={purchase.id}>
                        <td className="admin-report__when">{moment(purchase.createdAt)}</td>
                        <td>
                          <Link to={`/admin/users/${purchase.userId}`}>{purchase.userEmail}</Link>
                        </td>
                        <td>{purchase.bundle}</td>
                        <td className="admin-num">{formatPrice(purchase.amountCents)}</td>
                        <td className="admin-num">{purchase.credits}</td>
                        <td>
                          {statusWords[purchase.status] ?? purchase.status}
                          {purchase.reversedCredits > 0 && (
                            <span className="admin-report__note">
                              {' '}
                              · {purchase.reversedCredits} taken back
                              {purchase.shortfallCredits > 0 && `, ${purchase.shortfallCredits} short`}
                            </span>
                          )}
                        </td>
                        <td>
                          {purchase.providerUrl ? (
                            <a href={purchase.providerUrl} target="_blank" rel="noreferrer noopener">
                              Stripe: {purchase.providerPaymentId}
                            </a>
                          ) : (
                            <span className="admin-report__note">Test payment ({purchase.providerPaymentId})</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}

            <h2 className="admin-report__heading">Open shortfalls</h2>
            {report.shortfalls.length === 0 ? (
              <p className="admin-report__empty">Nobody owes credits: every refund and dispute was covered.</p>
            ) : (
              <div className="admin-table-scroll">
                <table className="data-table admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Customer</th>
                      <th scope="col" className="admin-num">
                        Credits owed
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.shortfalls.map((shortfall) => (
                      <tr key={shortfall.userId}>
                        <td>
                          <Link to={`/admin/users/${shortfall.userId}`}>{shortfall.userEmail}</Link>
                        </td>
                        <td className="admin-num">{shortfall.creditsOwed}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )
      )}
    </AdminSection>
  );
}
