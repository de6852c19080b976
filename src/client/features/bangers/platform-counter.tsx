import { checkPlatformLimits, type BangerType } from "#common/bangers/bangers.ts";
import { formatCount } from "#client/lib/format.ts";
import { cn } from "#client/ui/cn.ts";

/**
 * The live length against the platform's limit: n/280 for a tweet, n/3,000 for LinkedIn, one n/280 per post
 * of a thread (posts split by a blank line). Over the limit shows in red and says by how much. Nothing for
 * blogs and chapters, which have no limit.
 */
export function PlatformCounter({ type, content }: { type: BangerType; content: string }) {
  const check = checkPlatformLimits(type, content);
  if (check.limit === null) return null;
  const limit = formatCount(check.limit);
  const posts = check.posts.length > 0 ? check.posts : [{ length: 0, limit: check.limit, over: false }];
  return (
    // Spans only: it sits in a field's hint paragraph, which the textarea's aria-describedby names.
    <span className="flex flex-wrap items-center gap-1.5 text-xs">
      {posts.map((post, index) => (
        <span
          key={index}
          className={cn(
            "rounded-full border px-2 py-0.5 font-semibold tabular-nums",
            post.over ? "border-red-200 bg-red-50 text-red-800" : "border-line bg-sunken text-ink-muted",
          )}
        >
          {type === "thread" ? `${index + 1}: ` : null}
          {formatCount(post.length)}/{limit}
          {post.over ? <span className="ml-1">({formatCount(post.length - post.limit)} over)</span> : null}
        </span>
      ))}
      {type === "thread" ? <span className="text-ink-subtle">Separate posts with a blank line.</span> : null}
    </span>
  );
}
