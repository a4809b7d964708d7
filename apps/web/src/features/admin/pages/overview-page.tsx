import { adminDaysLimits, type AdminOverviewDay } from '@lumigen/contract/admin-reports';
import { formatPrice } from '@lumigen/contract/catalogue';
import { useMemo } from 'react';
import { useAdminOverview } from '../api/get-overview.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { DayChart, type ChartSeries } from '../components/day-chart.tsx';
import { chartColors } from '../components/chart-colors.ts';
import { ReportError, ReportLoading } from '../components/report-state.tsx';
import '../reports.css';

const dollars = (cents: number) => formatPrice(cents);

type Figure = Exclude<keyof AdminOverviewDay, 'day'>;

/** The console's first page: the last 30 days of customers, credits and money, as charts and tables. */
export function OverviewPage() {
  const days = adminDaysLimits.overview;
  const overview = useAdminOverview(days);
  const report = overview.data;

  const charts = useMemo(() => {
    if (!report) return null;
    const of = (figure: Figure, label: string, color: string): ChartSeries => ({
      label,
      color,
      values: report.days.map((day) => day[figure]),
    });
    return {
      days: report.days.map((day) => day.day),
      customers: [
        of('signups', 'Sign-ups', chartColors[0]),
        of('confirmed', 'Confirmed', chartColors[1]),
        of('payingCustomers', 'Paying customers', chartColors[2]),
      ],
      credits: [of('creditsSold', 'Credits sold', chartColors[0]), of('creditsSpent', 'Credits spent', chartColors[3])],
      money: [
        of('revenueCents', 'Revenue', chartColors[2]),
        of('providerCostCents', 'Provider cost', chartColors[4]),
        of('marginCents', 'Margin', chartColors[0]),
      ],
      reversals: [of('refunds', 'Refunds', chartColors[3]), of('disputes', 'Disputes', chartColors[4])],
    };
  }, [report]);

  return (
    <AdminSection title="Overview" lead={`The last ${days} days, by UTC day. Money in US dollars.`}>
      {overview.isPending ? (
        <ReportLoading what="the overview" />
      ) : overview.isError ? (
        <ReportError what="The overview" error={overview.error} retry={() => void overview.refetch()} />
      ) : (
        report &&
        charts && (
          <>
            <dl className="admin-totals">
              <Total label="Sign-ups" value={String(report.totals.signups)} />
              <Total label="Confirmed" value={String(report.totals.confirmed)} />
              <Total label="Paying customers" value={String(report.totals.payingCustomers)} />
              <Total label="Credits sold" value={String(report.totals.creditsSold)} />
              <Total label="Credits spent" value={String(report.totals.creditsSpent)} />
              <Total label="Revenue" value={dollars(report.totals.revenueCents)} />
              <Total label="Provider cost" value={dollars(report.totals.providerCostCents)} />
              <Total label="Margin" value={dollars(report.totals.marginCents)} />
              <Total label="Refunds" value={String(report.totals.refunds)} />
              <Total label="Disputes" value={String(report.totals.disputes)} />
            </dl>
            {report.totals.signups + report.totals.creditsSold + report.totals.creditsSpent === 0 && (
              <p className="admin-report__empty">
                Nothing happened in these {days} days yet: no sign-ups, sales or work.
              </p>
            )}
            <div className="admin-charts">
              <DayChart title="Customers" days={charts.days} series={charts.customers} />
              <DayChart title="Credits" days={charts.days} series={charts.credits} />
              <DayChart title="Money" days={charts.days} series={charts.money} format={dollars} />
              <DayChart title="Refunds and disputes" days={charts.days} series={charts.reversals} />
            </div>
          </>
        )
      )}
    </AdminSection>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-totals__item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
