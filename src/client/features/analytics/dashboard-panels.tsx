import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { FileText, Globe, MapPin, Monitor, MonitorSmartphone, Smartphone, Tablet, UsersRound } from "lucide-react";
import { flagCountry, RECENT_VISITORS_LIMIT, type AnalyticsDashboard, type AnalyticsVisitor } from "#common/analytics/dashboard.ts";
import { cn } from "#client/ui/cn.ts";
import { countryName, formatCount, formatDateTime, formatRelativeTime, placeText, plural } from "#client/lib/format.ts";
import { useNow } from "./use-now";
import { FLAG_URLS } from "./country-flags";

/** A titled card of the dashboard; `id` names the heading for the section's aria-labelledby. */
export function Panel({
  id,
  title,
  description,
  icon: Icon,
  className,
  children,
}: {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("flex min-w-0 flex-col rounded-panel border border-line bg-surface shadow-panel", className)}
    >
      <header className="flex items-start gap-3 border-b border-line px-5 py-4">
        <span aria-hidden="true" className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-control bg-ink text-brand-300">
          <Icon className="size-4" />
        </span>
        <div className="flex min-w-0 flex-col">
          <h2 id={id} className="text-base font-semibold tracking-tight text-ink">
            {title}
          </h2>
          <p className="text-sm text-ink-muted">{description}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="px-5 py-10 text-center text-sm text-ink-muted">{children}</p>;
}

/** The flag of a country in FLAG_COUNTRIES, else a globe. */
export function CountryMark({ country, className }: { country: string | null; className?: string }) {
  const code = flagCountry(country);
  if (code) {
    return (
      <span aria-hidden="true" className={cn("inline-flex w-6 shrink-0 justify-center", className)}>
        <img src={FLAG_URLS[code]} alt="" width={20} height={15} className="h-[15px] w-5 rounded-[2px] object-cover ring-1 ring-line" />
      </span>
    );
  }
  return <Globe aria-hidden="true" className={cn("size-[1.125rem] w-6 shrink-0 text-ink-subtle", className)} />;
}

const DEVICE_ICONS: Record<string, LucideIcon> = { desktop: Monitor, mobile: Smartphone, tablet: Tablet };
const deviceIcon = (type: string | null) => (type && DEVICE_ICONS[type]) || MonitorSmartphone;
const deviceLabel = (type: string | null) => (type ? type.charAt(0).toUpperCase() + type.slice(1) : "Unknown");

export function RecentVisitors({ visitors, className }: { visitors: AnalyticsVisitor[]; className?: string }) {
  const now = useNow(30_000);
  return (
    <Panel
      id="recent-visitors-title"
      title="Recent Visitors"
      description={`The latest ${RECENT_VISITORS_LIMIT} in the range, newest first. Addresses are stored masked.`}
      icon={UsersRound}
      className={className}
    >
      {visitors.length === 0 ? (
        <Empty>No visitors in this range yet.</Empty>
      ) : (
        <div
          // A scrolling region: focusable, so keyboard users can scroll it too.
          tabIndex={0}
          role="region"
          aria-label="Recent visitors, scrollable"
          className="focus-ring max-h-[26rem] overflow-y-auto rounded-b-panel"
        >
          <ul className="divide-y divide-line">
            {visitors.map((visitor, index) => {
              const DeviceIcon = deviceIcon(visitor.device);
              return (
                <li key={`${visitor.ip ?? "unknown"}-${visitor.lastSeen}-${index}`} className="flex items-center gap-3 px-5 py-3">
                  <CountryMark country={visitor.country} />
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <p className="flex min-w-0 items-center gap-2">
                      <span className="truncate font-mono text-sm font-medium text-ink">{visitor.ip ?? "unknown address"}</span>
                    </p>
                    <p className="truncate text-xs text-ink-muted" title={visitor.timezone ?? undefined}>
                      <MapPin aria-hidden="true" className="mr-1 inline size-3 -translate-y-px" />
                      {placeText(visitor) ?? "Unknown location"}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1 text-xs text-ink-muted sm:flex-row sm:items-center sm:gap-4">
                    <span className="flex items-center gap-3">
                      <span className="inline-flex items-center gap-1.5" title={deviceLabel(visitor.device)}>
                        <DeviceIcon aria-hidden="true" className="size-3.5" />
                        <span className="sr-only md:not-sr-only">{deviceLabel(visitor.device)}</span>
                      </span>
                      <span className="tabular-nums">
                        <span className="font-semibold text-ink">{formatCount(visitor.pages)}</span> {plural(visitor.pages, "page")}
                      </span>
                    </span>
                    <time
                      dateTime={visitor.lastSeen}
                      title={formatDateTime(visitor.lastSeen)}
                      className="tabular-nums sm:w-24 sm:text-right"
                    >
                      {formatRelativeTime(visitor.lastSeen, now)}
                    </time>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </Panel>
  );
}

/** A labelled horizontal bar; the numbers are in the text, the bar only shows them. */
function BarRow({
  label,
  mark,
  value,
  share,
  detail,
}: {
  label: ReactNode;
  mark?: ReactNode;
  value: string;
  share: number;
  detail?: string;
}) {
  return (
    <li className="flex flex-col gap-1.5 px-5 py-2.5">
      <div className="flex items-center gap-2.5 text-sm">
        {mark}
        <span className="min-w-0 flex-1 truncate font-medium text-ink">{label}</span>
        <span className="shrink-0 tabular-nums text-ink">{value}</span>
        {detail ? <span className="w-14 shrink-0 text-right text-xs tabular-nums text-ink-muted">{detail}</span> : null}
      </div>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-sunken">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.max(0, Math.min(100, share))}%` }} />
      </div>
    </li>
  );
}

const percent = (value: number) => `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;

export function TopPages({
  pages,
  totalViews,
  className,
}: {
  pages: AnalyticsDashboard["topPages"];
  totalViews: number;
  className?: string;
}) {
  const max = Math.max(1, ...pages.map((page) => page.views));
  return (
    <Panel id="top-pages-title" title="Top Pages" description="Page views per path" icon={FileText} className={className}>
      {pages.length === 0 ? (
        <Empty>No page views in this range yet.</Empty>
      ) : (
        <ol className="py-2">
          {pages.map((page) => (
            <BarRow
              key={page.path}
              label={<span className="font-mono text-[0.8125rem]">{page.path}</span>}
              value={formatCount(page.views)}
              share={(page.views / max) * 100}
              detail={totalViews > 0 ? percent(Math.round((page.views / totalViews) * 1000) / 10) : undefined}
            />
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function GeographicDistribution({ locations }: { locations: AnalyticsDashboard["locations"] }) {
  return (
    <Panel id="locations-title" title="Geographic Distribution" description="Unique visitors per country" icon={Globe}>
      {locations.length === 0 ? (
        <Empty>No visitors in this range yet.</Empty>
      ) : (
        <ol className="py-2">
          {locations.map((location) => (
            <BarRow
              key={location.country ?? "unknown"}
              mark={<CountryMark country={location.country} />}
              label={location.country ? countryName(location.country) : "Unknown location"}
              value={formatCount(location.visitors)}
              share={location.percentage}
              detail={percent(location.percentage)}
            />
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function DeviceTypes({ devices }: { devices: AnalyticsDashboard["devices"] }) {
  return (
    <Panel id="devices-title" title="Device Types" description="Unique visitors per kind of device" icon={MonitorSmartphone}>
      {devices.length === 0 ? (
        <Empty>No visitors in this range yet.</Empty>
      ) : (
        <ol className="py-2">
          {devices.map((device) => {
            const Icon = deviceIcon(device.type);
            return (
              <BarRow
                key={device.type}
                mark={<Icon aria-hidden="true" className="size-[1.125rem] w-6 shrink-0 text-ink-muted" />}
                label={deviceLabel(device.type)}
                value={formatCount(device.count)}
                share={device.percentage}
                detail={percent(device.percentage)}
              />
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
