import type { FormEvent } from "react";
import { useLoaderData, useSearchParams } from "react-router";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Download, Link2Off, ShieldCheck, Trash2, UserRoundX } from "lucide-react";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { MANAGE_DELETE_CONFIRM_FIELD, MANAGE_LINK_INVALID, type WaitlistMyData } from "#common/waitlist/waitlist.ts";
import { errorMessage, httpStatusOf } from "#client/lib/errors.ts";
import { useFormReturn } from "#client/lib/form-return.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { PostForm } from "#client/ui/post-form.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { AuthCard } from "#client/features/auth/auth-card.tsx";
import type { ManageLoaderData } from "./manage-loader";

const TEXTS = { fallback: "Please try again.", network: "Network error. Please try again." };
const FOOTER = <TextLink to="/">Back to The $100 Lab</TextLink>;

/**
 * "Manage your data", the link in every waitlist mail: what is stored about the person, a JSON download, the
 * unsubscribe page and "Delete me". No account needed: the signed link is the proof. The server renders the data
 * into the page, so all of it works with scripts off; Delete me posts a form either way.
 */
export function ManagePage() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { rendered } = useLoaderData<ManageLoaderData>();
  const mine = useQuery(trpc.waitlist.myData.queryOptions({ token }, { enabled: rendered === null && token !== "", retry: false }));
  const returned = useFormReturn<{ deleted: true }>();
  const remove = useMutation(trpc.waitlist.deleteMe.mutationOptions());

  if (remove.data?.deleted || returned?.result?.deleted) return <Deleted />;
  if (!token) return <BadLink />;

  const data = rendered ? rendered.data : mine.data;
  if (rendered === null && mine.isPending) return <PageSpinner label="Loading your data" />;
  if (!data) {
    if (mine.isError && httpStatusOf(mine.error) !== 400) {
      return (
        <AuthCard title="Your data could not be loaded" icon={<Link2Off />} footer={FOOTER}>
          <Alert variant="error">{errorMessage(mine.error, TEXTS)}</Alert>
        </AuthCard>
      );
    }
    return <BadLink />;
  }
  return (
    <MyData
      data={data}
      token={token}
      deleting={remove.isPending}
      deleteError={
        (remove.error ? errorMessage(remove.error, TEXTS) : null) ??
        returned?.error ??
        returned?.fieldErrors?.[MANAGE_DELETE_CONFIRM_FIELD] ??
        null
      }
      onDelete={() => remove.mutate({ token })}
    />
  );
}

function BadLink() {
  return (
    <AuthCard title="This link does not work" description={MANAGE_LINK_INVALID} icon={<Link2Off />} footer={FOOTER}>
      <p className="text-sm text-ink-muted">Every email we send you has a fresh “Manage your data” link at its foot.</p>
    </AuthCard>
  );
}

function Deleted() {
  return (
    <AuthCard
      title="Your entry is erased"
      description="Your place on the waitlist and everything stored with it are gone. We will not email you again."
      icon={<UserRoundX />}
      footer={FOOTER}
    >
      <p className="text-sm text-ink-muted">Changed your mind? You can join again from the home page at any time.</p>
    </AuthCard>
  );
}

const dateText = (iso: string | null) => (iso ? new Date(iso).toUTCString().replace(/ GMT$/, " UTC") : "No");

function MyData(props: { data: WaitlistMyData; token: string; deleting: boolean; deleteError: string | null; onDelete: () => void }) {
  const { data, token } = props;
  const rows: [string, string][] = [
    ["Email", data.email],
    ["Name", data.name ?? "Not given"],
    ["Interests", data.interests.length > 0 ? data.interests.join(", ") : "None chosen"],
    ["Place", [data.city, data.country].filter(Boolean).join(", ") || "Unknown"],
    ["Joined", dateText(data.joinedAt)],
    ["Join number", `#${data.joinNumber}`],
    ["Place in line now", `#${data.position}`],
    ["Confirmed", dateText(data.confirmedAt)],
    ["Unsubscribed", dateText(data.unsubscribedAt)],
    ["Came from", [data.source, data.utmSource, data.utmCampaign].filter(Boolean).join(" · ")],
    ["Joined through a friend's link", data.joinedThroughReferral ? "Yes" : "No"],
    ["Your referral link", data.referralUrl],
    ["People who joined through your link", String(data.referrals)],
  ];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!props.deleting) props.onDelete();
  };
  const download = `/api/waitlist/me?token=${encodeURIComponent(token)}`;

  return (
    <AuthCard
      className="max-w-2xl"
      title="Your waitlist data"
      description="Everything The $100 Lab stores about you, from the link in our email."
      icon={<ShieldCheck />}
      footer={FOOTER}
    >
      <div className="flex flex-col gap-6">
        <dl className="flex flex-col gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:gap-x-6">
              <dt className="font-semibold text-ink-muted">{label}</dt>
              <dd className="break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="outline">
            <a href={download} download="the-100-lab-waitlist-data.json">
              <Download aria-hidden="true" />
              Download my data (JSON)
            </a>
          </Button>
          {data.unsubscribedAt ? null : (
            <Button asChild variant="outline">
              <a href={data.unsubscribeUrl}>Unsubscribe from emails</a>
            </Button>
          )}
        </div>
        <PostForm
          action={`${PUBLIC_PAGES.waitlistManage}?token=${encodeURIComponent(token)}`}
          onSubmit={submit}
          busy={props.deleting}
          className="flex flex-col gap-3 rounded-control border border-red-200 bg-red-50 p-4"
        >
          <h2 className="font-semibold text-ink">Delete me</h2>
          <p className="text-sm text-ink-muted">Erases your entry and place in line. This cannot be undone.</p>
          {props.deleteError ? <Alert variant="error">{props.deleteError}</Alert> : null}
          <input type="hidden" name="token" value={token} />
          <label className="flex items-start gap-2 text-sm text-ink">
            <input type="checkbox" name={MANAGE_DELETE_CONFIRM_FIELD} value="yes" required className="mt-0.5 size-4 accent-red-700" />I
            understand that my entry will be erased for good
          </label>
          <Button type="submit" variant="destructive" className="self-start" loading={props.deleting}>
            <Trash2 aria-hidden="true" />
            Delete me
          </Button>
        </PostForm>
      </div>
    </AuthCard>
  );
}
