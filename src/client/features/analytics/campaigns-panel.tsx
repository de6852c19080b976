import { Link } from "react-router";
import { Megaphone } from "lucide-react";
import type { CampaignRow } from "#common/analytics/campaigns.ts";
import { formatCount } from "#client/lib/format.ts";
import { Empty, Panel } from "./dashboard-panels";

const conversion = (row: CampaignRow) =>
  row.visitors > 0 ? `${(Math.round((row.joins / row.visitors) * 1000) / 10).toLocaleString()}%` : "–";

/**
 * The content-to-growth loop on the dashboard: per utm_campaign, the distinct visitors who landed through it
 * and the waitlist joins of those visits, over the selected range. A banger's campaign shows its title.
 */
export function Campaigns({ campaigns }: { campaigns: CampaignRow[] }) {
  return (
    <Panel
      id="campaigns-title"
      title="Campaigns"
      description="Visitors and waitlist joins through tagged links (utm_campaign)"
      icon={Megaphone}
    >
      {campaigns.length === 0 ? (
        <Empty>
          No tagged visits in this range yet. Post a banger with its tagged link from{" "}
          <Link to="/admin/bangers" className="font-medium text-ink underline underline-offset-2">
            Content Bangers
          </Link>
          .
        </Empty>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-left text-xs font-semibold tracking-wide text-ink-muted uppercase">
                <th scope="col" className="px-5 py-2.5">
                  Campaign
                </th>
                <th scope="col" className="px-3 py-2.5 text-right">
                  Visitors
                </th>
                <th scope="col" className="px-3 py-2.5 text-right">
                  Joins
                </th>
                <th scope="col" className="px-5 py-2.5 text-right">
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((row) => (
                <tr key={row.campaign} className="border-b border-line last:border-b-0">
                  <th scope="row" className="px-5 py-3 text-left font-normal">
                    <span className="flex min-w-0 flex-col">
                      <span className="font-medium break-words text-ink">{row.banger ? row.banger.title : row.campaign}</span>
                      <span className="font-mono text-xs text-ink-muted">{row.banger ? `banger · ${row.campaign}` : "campaign"}</span>
                    </span>
                  </th>
                  <td className="px-3 py-3 text-right tabular-nums">{formatCount(row.visitors)}</td>
                  <td className="px-3 py-3 text-right tabular-nums">{formatCount(row.joins)}</td>
                  <td className="px-5 py-3 text-right text-ink-muted tabular-nums">{conversion(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
