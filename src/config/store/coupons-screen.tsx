/**
 * The Coupons screen (/config/store/coupons): the store's coupons, each with what it takes off,
 * on which orders, when, how often it was used ("Used 3 of 100") and its status (Active,
 * Scheduled, Expired, Used up, Off); added and changed in a form above the list, deleted once the
 * owner confirms.
 */
import { couponsAnswer, PRICING_API, type CouponRow } from '../../contracts/pricing';
import { format } from '../../messages/format';
import { DataTable } from '../shared/data-table';
import { Messages, useLoad } from '../shared/ui';
import { CouponForm } from './coupon-form';
import { conditionsText, COUPON_STATUS_LABELS, couponStatus, datesText, discountText, usageText } from './pricing-model';
import { RowActions, ScreenHead, useRuleList } from './pricing-list';
import { words } from './pricing-words';
import './store.css';
import './pricing.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A coupon's start or end as the owner reads it: the day, and the time unless it is midnight. */
function when(iso: string): string {
  const d = new Date(iso);
  return d.getHours() === 0 && d.getMinutes() === 0 ? dateOnly.format(d) : dateTime.format(d);
}

export function CouponsScreen({ writable }: { writable: boolean }) {
  const [data, loadError, reload] = useLoad(couponsAnswer, PRICING_API.COUPONS);
  const list = useRuleList<CouponRow>(reload);
  const now = new Date();
  return (
    <section className="store-screen pricing-screen" aria-labelledby="coupons-title">
      <ScreenHead
        id="coupons-title"
        title={words.couponsTitle}
        hint={words.couponsHint}
        add={writable && list.editing === null ? { label: words.addCoupon, onClick: () => list.open('new') } : null}
      />
      <Messages error={loadError ?? list.error} done={list.done} />
      {list.editing !== null && data ? (
        <CouponForm row={list.editing === 'new' ? undefined : list.editing} currency={data.currency} onDone={list.closed} />
      ) : null}
      <DataTable
        className="store-table pricing-table pricing-coupons"
        rows={data?.coupons ?? []}
        rowKey={(r) => r.coupon.id}
        rowHeaders
        caption={words.couponsTitle}
        busy={!data}
        empty={data ? words.noCoupons : undefined}
        columns={[
          { header: words.code, className: 'pricing-code', cell: (r) => r.coupon.code },
          { header: words.discount, cell: (r) => discountText(r.coupon, data?.currency ?? '') },
          { header: words.conditions, className: 'pricing-muted', cell: (r) => conditionsText(r.coupon, data?.currency ?? '') },
          { header: words.dates, className: 'pricing-muted', cell: (r) => datesText(r.coupon, when) },
          { header: words.usage, cell: (r) => usageText(r.coupon, r.usedCount) },
          {
            header: words.status,
            cell: (r) => {
              const status = couponStatus(r.coupon, r.usedCount, now);
              return <span className={`pricing-status pricing-status-${status}`}>{COUPON_STATUS_LABELS[status]}</span>;
            },
          },
          writable && {
            header: <span className="visually-hidden">{words.actions}</span>,
            className: 'row-actions',
            cell: (r) => (
              <RowActions
                name={r.coupon.code}
                onEdit={() => list.open(r)}
                onDelete={() =>
                  void list.remove({
                    url: `${PRICING_API.COUPONS}/${r.coupon.id}`,
                    title: words.deleteCouponTitle,
                    text: format(words.deleteCouponText, { code: r.coupon.code }),
                    done: format(words.couponDeleted, { code: r.coupon.code }),
                  })
                }
              />
            ),
          },
        ]}
      />
    </section>
  );
}
