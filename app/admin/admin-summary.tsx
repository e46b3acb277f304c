import { formatNaira } from "../../lib/money";
import type { DashboardCounts, SalesSummary } from "../../domain/admin/dashboard";
import { TEST_PAYMENT_LABEL } from "../../lib/constants";
import { SectionTitle } from "../ui/page-title";
import { formatShortCalendarDay } from "../../lib/lagos-time";

const COUNT_LABELS: Array<[keyof DashboardCounts, string]> = [
  ["vendors", "Vendors"],
  ["products", "Products"],
  ["orders", "Orders"],
  ["reviews", "Reviews"],
];

export function AdminCounts({ counts }: { counts: DashboardCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {COUNT_LABELS.map(([key, label]) => (
        <div key={key} className="rounded-xl border border-gray-200 bg-white p-4">
          <dt className="text-sm font-medium text-gray-700">{label}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-gray-900" data-count={key}>
            {counts[key].toLocaleString("en-NG")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const CHART = { width: 600, height: 160, gap: 2 };

/**
 * The revenue axis: a round top at or above the best day (1, 2, 2.5 or 5 times a power of ten, in
 * whole naira), its half and zero, in kobo, top first. Bars are drawn against the top.
 */
export function salesAxis(peakKobo: number): number[] {
  const naira = Math.max(1, Math.ceil(peakKobo / 100));
  const power = 10 ** Math.floor(Math.log10(naira));
  const top = [1, 2, 2.5, 5, 10].map((step) => step * power).find((value) => value >= naira)! * 100;
  return [top, top / 2, 0];
}

const shortDay = formatShortCalendarDay;

/**
 * Revenue per day as bars, drawn in plain SVG. The picture is described by its title and the
 * text summary; each bar also carries its own figures for screen readers and pointer hovers.
 */
export function SalesChart({ sales }: { sales: SalesSummary }) {
  const { days, totals } = sales;
  const axis = salesAxis(Math.max(0, ...days.map((d) => d.revenue)));
  const peak = axis[0]!;
  const barWidth = CHART.width / days.length - CHART.gap;
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  return (
    <section aria-labelledby="sales-title" className="rounded-xl border border-gray-200 bg-white p-4">
      <SectionTitle id="sales-title">Sales, last 30 days</SectionTitle>
      <p className="mt-1 text-sm text-gray-700" data-testid="sales-summary">
        {totals.orders.toLocaleString("en-NG")} {totals.orders === 1 ? "order" : "orders"}, revenue {formatNaira(totals.revenue)},
        commission {formatNaira(totals.commission)} ({shortDay(first)} – {shortDay(last)}).
        {sales.testRevenue > 0 ? (
          <>
            {" "}
            <span className="inline-flex rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-semibold text-yellow-900">{TEST_PAYMENT_LABEL}</span>{" "}
            {formatNaira(sales.testRevenue)} of the revenue was paid in test mode.
          </>
        ) : null}
      </p>
      {totals.orders === 0 ? (
        <p className="mt-4 rounded-lg bg-gray-50 p-4 text-center text-sm text-gray-700">No sales in the last 30 days.</p>
      ) : (
        <div className="mt-4 flex gap-2">
        {/* The revenue axis: its values beside the bars (the top, half and zero of the scale). */}
        <ol className="flex h-40 shrink-0 flex-col justify-between pb-0 text-right text-[11px] leading-none text-gray-600" data-testid="sales-axis" aria-label="Revenue axis">
          {axis.map((value) => (
            <li key={value}>{formatNaira(value)}</li>
          ))}
        </ol>
        <svg
          viewBox={`0 0 ${CHART.width} ${CHART.height + 20}`}
          role="img"
          aria-labelledby="sales-chart-title"
          className="h-44 min-w-0 flex-1"
          preserveAspectRatio="none"
        >
          <title id="sales-chart-title">{`Revenue per day from ${shortDay(first)} to ${shortDay(last)}`}</title>
          <line x1="0" x2={CHART.width} y1={CHART.height} y2={CHART.height} stroke="#d1d5db" />
          {days.map((d, i) => {
            const height = Math.round((d.revenue / peak) * (CHART.height - 8));
            return (
              <rect
                key={d.day}
                x={i * (barWidth + CHART.gap)}
                y={CHART.height - height}
                width={barWidth}
                height={height}
                rx="2"
                className="fill-brand-strong"
              >
                <title>{`${shortDay(d.day)}: ${d.orders} orders, ${formatNaira(d.revenue)} revenue, ${formatNaira(d.commission)} commission`}</title>
              </rect>
            );
          })}
          <text x="0" y={CHART.height + 16} className="fill-gray-600 text-[11px]">
            {shortDay(first)}
          </text>
          <text x={CHART.width} y={CHART.height + 16} textAnchor="end" className="fill-gray-600 text-[11px]">
            {shortDay(last)}
          </text>
        </svg>
        </div>
      )}
    </section>
  );
}
