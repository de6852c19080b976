import { Lightbulb } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { ExternalTextLink } from "#client/ui/text-link.tsx";

const PRO_TIPS = [
  "Keep the title under about 60 characters: every platform shows it whole, and it stays readable as a small thumbnail.",
  "Keep the words inside the middle of the image: some apps crop the edges or show a square.",
  "Use strong contrast between text and background: the image is often seen at a quarter of its size.",
  "After an update, ask each platform to read the page again (the links below): they keep an old image for days.",
  "Uploaded images work too: 1200×630 PNG or JPEG, at most 5 MB.",
];

/** Pro Tips, the Twitter card testing links, and the credit the emoji artwork's licence asks for. */
export function OgTips({ siteUrl }: { siteUrl: string }) {
  const tweetIntent = `https://twitter.com/intent/tweet?url=${encodeURIComponent(siteUrl)}`;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h3" className="flex items-center gap-2 text-base">
          <Lightbulb aria-hidden className="size-4 text-brand-600" /> Pro Tips
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-ink-muted">
          {PRO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <div className="flex flex-col gap-2">
          <p className="font-semibold">Twitter card testing</p>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            <ExternalTextLink href="https://cards-dev.twitter.com/validator" withIcon>
              Card validator
            </ExternalTextLink>
            <ExternalTextLink href={tweetIntent} withIcon>
              Test Tweet
            </ExternalTextLink>
            <ExternalTextLink href={`https://developers.facebook.com/tools/debug/?q=${encodeURIComponent(siteUrl)}`} withIcon>
              Facebook debugger
            </ExternalTextLink>
            <ExternalTextLink href={`https://www.linkedin.com/post-inspector/inspect/${encodeURIComponent(siteUrl)}`} withIcon>
              LinkedIn inspector
            </ExternalTextLink>
          </div>
        </div>
        <p className="text-xs text-ink-subtle">
          Emoji artwork: <ExternalTextLink href="https://github.com/jdecked/twemoji">Twemoji</ExternalTextLink>, © Twitter, Inc. and other
          contributors, licensed under <ExternalTextLink href="https://creativecommons.org/licenses/by/4.0/">CC-BY 4.0</ExternalTextLink>.
          Text set in Inter (SIL Open Font Licence).
        </p>
      </CardContent>
    </Card>
  );
}
