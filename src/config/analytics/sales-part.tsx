/**
 * The Sales part of the analytics report (issue 34): revenue, orders, average order value and
 * conversion from product views over the report's range, as the Overview shows its figures, and
 * the revenue by day drawn as the Overview's chart is. It is always there, a site without a shop
 * (or without sales in the range) seeing that it has none, so every role that reads the report
 * reads the same report. Which orders count is src/domain/sales-figures.ts.
 */
import { useMemo } from 'react';
import { currency as currencyOf, formatMoney } from '../../domain/commerce';
import { DEFAULT_LOCALE } from '../../domain/locale';
import type { ReportRange, SalesReport } from '../../contracts/analytics';
import { analyticsReport as words } from '../../messages/analytics-report';
import { format } from '../../messages/format';
import { Messages } from '../shared/ui';
import { DaysChart, type ChartSeries, type ChartUnit } from './analytics-charts';
import { count, dayText, Figure, Part } from './report-parts';

const REVENUE_COLOR = '#6b3fa0';
const oneDecimal = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * The sales as loaded: the last answer, and the last call's failure with the range it asked for
 * (null: the default range). A range the server refused fails the report too, which says so.
 */
export type SalesState = { sales?: SalesReport; error?: string; failed?: ReportRange | null };

const sameRange = (a: ReportRange, b: ReportRange) => a.from === b.from && a.to === b.to;

/** Minor units of the store's currency as money, in full ("£1,250.00") and on a chart's axis ("£1.3K"). */
function moneyUnit(code: SalesReport['currency']): ChartUnit & { money: (minor: number) => string } {
  const scale = 10 ** currencyOf(code).fractionDigits;
  const compact = new Intl.NumberFormat(DEFAULT_LOCALE, {
    style: 'currency',
    currency: code,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  const money = (minor: number) => formatMoney({ currency: code, minor });
  // At least ten of the currency's units high, so one small sale is not a full-height line.
  return { money, text: money, tick: (minor) => compact.format(minor / scale), least: 10 * scale };
}

/**
 * `state`: the sales last loaded. Those of another range (the report's new dates, their sales still
 * on the way) stay shown, dimmed and marked busy, as the rest of the report is while it reloads.
 * A failure is shown where it is the sales' own: for the report's range, not for dates the report
 * was refused too.
 */
export function SalesPart({ range, state }: { range: ReportRange; state: SalesState | undefined }) {
  const failed = state?.error !== undefined && (state.failed === null || (state.failed !== undefined && sameRange(state.failed, range)));
  const sales = state?.sales;
  return (
    <Part title={words.sales} range={range}>
      {() =>
        failed ? (
          <Messages error={state.error ?? null} />
        ) : !sales ? (
          <p role="status">{words.loadingSales}</p>
        ) : (
          <div className="sales" aria-busy={!sameRange(sales.range, range)}>
            <SalesFigures sales={sales} />
          </div>
        )
      }
    </Part>
  );
}

function SalesFigures({ sales }: { sales: SalesReport }) {
  const { totals, currency } = sales;
  const unit = useMemo(() => moneyUnit(currency), [currency]);
  return (
    <>
      <ul className="stats" aria-label={words.salesTotals}>
        <Figure value={unit.money(totals.revenueCents)} label={words.revenueLabel} />
        <Figure value={count.format(totals.orders)} label={format(words.ordersLabel, { count: totals.orders })} />
        <Figure value={totals.averageOrderCents === null ? '—' : unit.money(totals.averageOrderCents)} label={words.averageOrderLabel} />
        <Figure value={totals.conversionPercent === null ? '—' : oneDecimal.format(totals.conversionPercent / 100)} label={words.conversionLabel} />
      </ul>
      <p className="hint">
        {format(words.salesRule, { currency })} {format(words.conversionRule, { pageViews: totals.productPageViews, quickViews: totals.quickViews })}
      </p>
      {sales.testOrders > 0 ? <p className="report-note">{format(words.testOrdersLeftOut, { count: sales.testOrders })}</p> : null}
      {sales.otherCurrencyOrders > 0 ? (
        <p className="report-note">{format(words.otherCurrencyLeftOut, { count: sales.otherCurrencyOrders, currency })}</p>
      ) : null}
      {totals.orders === 0 ? <p className="empty">{words.noSales}</p> : <RevenueChart sales={sales} unit={unit} />}
    </>
  );
}

function RevenueChart({ sales, unit }: { sales: SalesReport; unit: ReturnType<typeof moneyUnit> }) {
  const { days, totals, range } = sales;
  const dayList = useMemo(() => days.map((d) => d.day), [days]);
  const series = useMemo((): ChartSeries[] => [{ label: words.revenue, values: days.map((d) => d.revenueCents), color: REVENUE_COLOR }], [days]);
  const best = days.reduce<(typeof days)[number] | undefined>((top, d) => (!top || d.revenueCents > top.revenueCents ? d : top), undefined);
  const summary =
    format(words.revenueSummary, { revenue: unit.money(totals.revenueCents), orders: totals.orders, from: dayText(range.from), to: dayText(range.to) }) +
    (best && best.revenueCents > 0 ? format(words.revenueBestDay, { day: dayText(best.day), revenue: unit.money(best.revenueCents) }) : '.');
  return <DaysChart title={words.revenueChart} summary={summary} days={dayList} series={series} unit={unit} />;
}
