import { IMAGE_TEST_TOTAL, IMAGE_TESTS, type ImageTestProgress } from "#common/image-test/image-test.ts";
import { formatDateTime } from "#client/lib/format.ts";
import { Badge } from "#client/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import type { WidgetImage } from "#client/features/images/widget-image.ts";

type SessionStatus = "not started" | "in progress" | "complete";
const STATUS_BADGE = { "not started": "neutral", "in progress": "brand", complete: "success" } as const;

/** The image test session (id, title, start time, images, status), computed from what happened. */
export function ExperimentDataPanel({
  experimentId,
  progress,
  openedAt,
  images,
}: {
  experimentId: string;
  progress: ImageTestProgress;
  openedAt: string;
  images: readonly WidgetImage[];
}) {
  const times = Object.values(progress.completed).sort();
  const done = IMAGE_TESTS.filter((test) => progress.completed[test]).length;
  const status: SessionStatus = done === 0 ? "not started" : done === IMAGE_TEST_TOTAL ? "complete" : "in progress";
  // The session began with the first completed test; before that, with this visit.
  const startTime = times[0] ?? openedAt;
  const onServer = images.filter((image) => image.stored === "r2").length;

  const rows: Array<[string, React.ReactNode]> = [
    [
      "Session ID",
      <code key="id" className="rounded bg-sunken px-1.5 py-0.5 font-mono text-xs">
        {experimentId}
      </code>,
    ],
    ["Title", "Image Drop Widget Test"],
    [
      "Start time",
      <time key="start" dateTime={startTime}>
        {formatDateTime(startTime)}
      </time>,
    ],
    ["Images", images.length === onServer ? `${images.length}` : `${images.length} (${images.length - onServer} in this browser only)`],
    [
      "Status",
      <Badge key="status" variant={STATUS_BADGE[status]}>
        {status}
      </Badge>,
    ],
  ];

  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>Experiment Data</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col divide-y divide-line text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-baseline justify-between gap-4 py-2.5">
              <dt className="text-ink-muted">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
