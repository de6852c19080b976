import { useMatches } from "react-router";
import { isRenderedByServer } from "#client/lib/server-page-data.ts";

/**
 * What a member page's route says about itself (its `handle` in client/routes.tsx). The member layout shows the
 * title as the page's <h1> with the subtitle under it, and sets the document title, as the admin shell does for
 * its pages: a page renders its content only, so the same component can serve both areas.
 */
export type MemberPageHandle = {
  title: string;
  subtitle: string;
  /** Signed-out visitors may read this page too (under the public header) instead of getting the sign-in form. */
  openToVisitors?: boolean;
  /** The page writes its own <h1> and document title (a detail page named after what it shows). */
  ownHeading?: boolean;
  /**
   * The page is a single column of forms: the frame narrows its column (heading included) to a reading width and
   * centres it under the top bar, instead of the wide column the Lab's and the Playbook's grids fill.
   */
  narrow?: boolean;
};

const isMemberPageHandle = (handle: unknown): handle is MemberPageHandle =>
  typeof handle === "object" && handle !== null && typeof (handle as MemberPageHandle).title === "string";

/** The deepest matched route's handle. */
export function useMemberPage(): MemberPageHandle {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isMemberPageHandle);
  return handle ?? { title: "Members", subtitle: "" };
}

/** Whether the page came rendered from the server, which renders pages open to visitors for signed-out ones. */
export function useRenderedForVisitor(): boolean {
  return useMatches().some((match) => isRenderedByServer(match.data));
}
