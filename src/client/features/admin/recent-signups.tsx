import { Link } from "react-router";
import { ArrowRight, ClipboardList, MapPin } from "lucide-react";
import { SIGNUP_FALLBACKS, type RecentSignup } from "#common/admin/overview.ts";
import { formatDateTime, formatRelativeTime, initialOf, placeText } from "#client/lib/format.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Card } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";
import { Spinner } from "#client/ui/spinner.tsx";

export function RecentSignups({ signups, loading, failed }: { signups: RecentSignup[]; loading: boolean; failed: boolean }) {
  return (
    <section aria-labelledby="recent-signups-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-signups-title" className="text-lg font-semibold tracking-tight text-ink">
          Recent Waitlist Signups
        </h2>
        <Link
          to="/admin/waitlist"
          className="focus-ring inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-ink hover:underline"
        >
          View all
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <Card>
        {loading ? (
          <div className="flex items-center justify-center p-10 text-ink-muted">
            <Spinner label="Loading recent signups" />
          </div>
        ) : failed ? (
          <p className="px-6 py-10 text-center text-sm text-ink-muted">The recent signups could not be loaded.</p>
        ) : signups.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
            <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-900">
              <ClipboardList className="size-5" />
            </span>
            <p className="font-semibold text-ink">No signups yet</p>
            <p className="max-w-xs text-sm text-ink-muted">People who join the waitlist on the home page appear here.</p>
          </div>
        ) : (
          <ul className="divide-y divide-line">
            {signups.map((signup) => {
              const name = signup.name?.trim() || SIGNUP_FALLBACKS.name;
              return (
                <li key={signup.position} className="flex items-center gap-3 px-4 py-3.5 sm:px-5">
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                      signup.name ? "bg-stone-200 text-ink" : "bg-sunken text-ink-subtle",
                    )}
                  >
                    {signup.name ? initialOf(signup.name) : "?"}
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col sm:grid sm:grid-cols-2 sm:items-center sm:gap-4">
                    <p className={cn("truncate text-sm font-semibold", signup.name ? "text-ink" : "text-ink-muted")}>{name}</p>
                    <p className="flex min-w-0 items-center gap-1 text-xs text-ink-muted sm:text-sm">
                      <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                      <span className="truncate">{placeText(signup) ?? SIGNUP_FALLBACKS.location}</span>
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row-reverse sm:items-center sm:gap-4">
                    <time
                      dateTime={signup.joinedAt}
                      title={formatDateTime(signup.joinedAt)}
                      className="text-xs text-ink-muted sm:w-28 sm:text-right sm:text-sm"
                    >
                      {formatRelativeTime(signup.joinedAt)}
                    </time>
                    <Badge variant="neutral" className="px-2 py-0 font-medium">
                      {signup.source?.trim() || SIGNUP_FALLBACKS.source}
                    </Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </section>
  );
}
