import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReferralShare } from "#client/features/waitlist/referral-share.tsx";

describe("the referral link as the server renders it (before any script runs)", () => {
  it("offers the link to select by hand and the share links, but no Copy button that could do nothing", () => {
    const html = renderToString(createElement(ReferralShare, { referralUrl: "https://lab.example/?ref=0123456789ab", referrals: 1 }));
    expect(html).toContain('value="https://lab.example/?ref=0123456789ab"');
    expect(html).toContain("Share on X");
    expect(html).toContain("Share on LinkedIn");
    expect(html).not.toContain(">Copy<");
  });
});
