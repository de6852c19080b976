import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Await, Link, useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { ArrowLeft, ChevronDown, PartyPopper, Rocket, UserPlus, Users } from "lucide-react";
import { BUILDER_CONFIRM_INVALID_TEXT, BUILDER_CONFIRMED_TEXT, type PublicBuilder } from "#common/builders/builders.ts";
import { PUBLIC_PAGES } from "#common/pages/page-routes.ts";
import { useFormReturn } from "#client/lib/form-return.ts";
import { preloadableLazy } from "#client/lib/preloadable-lazy.tsx";
import { countText } from "#client/lib/format.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button, type ButtonProps } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { cn } from "#client/ui/cn.ts";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { BuilderCard } from "./builder-card";
import type { BuildersLoaderData, BuildersList } from "./builders-loader";

// Both forms (and the zod schemas they check with) load when opened: most visitors only browse, and the
// page must stay within the public JS budget (scripts/report-bundle.ts).
const JoinForm = preloadableLazy(() => import("./join-form").then((m) => m.JoinForm));
const EditProfileDialog = lazy(() => import("./edit-profile-dialog").then((m) => ({ default: m.EditProfileDialog })));

const JOIN_PANEL_ID = "join-the-community";

/**
 * Before hydration in the browser: when the server's HTML has the join form open (`?join=1`, or a refused post),
 * its code loads first, so that hydration keeps the server's fields and what was typed into them (see
 * preloadableLazy). The server's renderer, which loads this route too, has no document and waits for the part.
 */
export async function loadServerRenderedParts(): Promise<void> {
  if (typeof document !== "undefined" && document.getElementById(JOIN_PANEL_ID)?.querySelector("form")) await JoinForm.preload();
}
/** The page with the join form open: what the toggle links to, so that it opens the form without scripts too. */
const JOIN_HREF = `${PUBLIC_PAGES.builders}?join=1#${JOIN_PANEL_ID}`;

type JoinResult = { joined: { name: string; message: string } };

/** /builders: hero, the Join the Community form behind a toggle, and the directory of approved builders. */
export function BuildersPage() {
  const [params] = useSearchParams();
  // A post of the form (refused, or done) comes back to this page with the form open.
  const returned = useFormReturn<JoinResult>();
  const [joinOpen, setJoinOpen] = useState(params.get("join") === "1" || returned !== undefined);
  const [joined, setJoined] = useState<JoinResult["joined"] | null>(returned?.result?.joined ?? null);
  const [editing, setEditing] = useState<PublicBuilder | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  // Set when a button (rather than page load) opened the panel, so focus moves into it only then.
  const focusPanel = useRef(false);

  const openJoin = () => {
    focusPanel.current = true;
    setJoinOpen(true);
  };

  useEffect(() => {
    if (!joinOpen || !focusPanel.current) return;
    focusPanel.current = false;
    const panel = panelRef.current;
    if (!panel) return;
    panel.scrollIntoView({ behavior: "smooth", block: "start" });
    panel.querySelector<HTMLElement>("input[name='name'], [tabindex='-1']")?.focus({ preventScroll: true });
  }, [joinOpen, joined]);

  return (
    <div className="flex flex-1 flex-col">
      <title>Builders · The $100 Lab</title>
      <Hero joinOpen={joinOpen} onToggle={() => (joinOpen ? setJoinOpen(false) : openJoin())} />

      <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 pt-10 pb-16 sm:px-6 sm:pt-12">
        <ConfirmLinkOutcome />
        {joinOpen ? (
          <section id={JOIN_PANEL_ID} ref={panelRef} aria-labelledby={`${JOIN_PANEL_ID}-title`} className="scroll-mt-6 animate-fade-in">
            <Card className="p-5 sm:p-8">
              {joined ? (
                <JoinConfirmation name={joined.name} message={joined.message} />
              ) : (
                <div className="flex flex-col gap-6">
                  <div className="flex flex-col gap-1">
                    <h2 id={`${JOIN_PANEL_ID}-title`} className="text-xl font-bold tracking-tight">
                      Join the Community
                    </h2>
                    <p className="text-sm text-ink-muted">
                      Tell us who you are and what you are building. Only your name and email are required.
                    </p>
                  </div>
                  <Suspense
                    fallback={
                      <div className="flex justify-center py-10">
                        <Spinner label="Loading the form" />
                      </div>
                    }
                  >
                    <JoinForm
                      onJoined={(who) => {
                        // The form is replaced by the confirmation: move focus there so it is not lost.
                        focusPanel.current = true;
                        setJoined(who);
                      }}
                    />
                  </Suspense>
                </div>
              )}
            </Card>
          </section>
        ) : null}

        <Directory onJoin={joined ? null : openJoin} onEdit={setEditing} />

        <p>
          <Button asChild variant="link">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </p>
      </div>

      {editing ? (
        <Suspense fallback={null}>
          <EditProfileDialog builder={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Hero({ joinOpen, onToggle }: { joinOpen: boolean; onToggle: () => void }) {
  return (
    <section className="border-b border-line bg-gradient-to-b from-brand-50 to-canvas">
      <div className="mx-auto flex w-full max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 sm:py-20">
        <p className="inline-flex items-center gap-2 rounded-full border border-brand-300 bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">
          <Users aria-hidden="true" className="size-4" />
          Builders Community
        </p>
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Meet the builders running <span className="bg-brand-300 px-1">real $100 experiments</span>
        </h1>
        <p className="max-w-2xl text-lg text-ink-muted">
          Indie founders, developers, designers and creators who practise investing in small, real steps and share what they learn along the
          way.
        </p>
        <JoinLink size="lg" onClick={onToggle} aria-expanded={joinOpen} aria-controls={joinOpen ? JOIN_PANEL_ID : undefined}>
          <UserPlus aria-hidden="true" />
          Join the Community
          <ChevronDown aria-hidden="true" className={cn("transition-transform", joinOpen && "rotate-180")} />
        </JoinLink>
      </div>
    </section>
  );
}

type JoinLinkProps = Pick<ButtonProps, "size" | "aria-expanded" | "aria-controls" | "children"> & { onClick: () => void };

/** Opens the join form: a link to the page with the form open, which scripts turn into an in-place toggle. */
function JoinLink({ onClick, children, ...props }: JoinLinkProps) {
  return (
    <Button asChild {...props}>
      <a
        href={JOIN_HREF}
        onClick={(event) => {
          event.preventDefault();
          onClick();
        }}
      >
        {children}
      </a>
    </Button>
  );
}

/**
 * What opening a builder's confirmation link did (GET /builders/confirm redirects here with `?confirmed=1` or
 * `?confirmed=invalid`). Read from the URL, so the server-rendered page shows it too.
 */
function ConfirmLinkOutcome() {
  const [params] = useSearchParams();
  const confirmed = params.get("confirmed");
  if (confirmed === "1") return <Alert variant="success">{BUILDER_CONFIRMED_TEXT}</Alert>;
  if (confirmed === "invalid")
    return (
      <Alert variant="error" role="status">
        {BUILDER_CONFIRM_INVALID_TEXT}
      </Alert>
    );
  return null;
}

function JoinConfirmation({ name, message }: { name: string; message: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <PartyPopper className="size-6" />
      </span>
      <h2 id={`${JOIN_PANEL_ID}-title`} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
        Thanks for joining, <span className="break-words">{name}</span>!
      </h2>
      <p className="max-w-md text-sm text-ink-muted">{message}</p>
    </div>
  );
}

/** `onJoin` is null once the visitor has joined: the empty state then offers no second join. */
function Directory({ onJoin, onEdit }: { onJoin: (() => void) | null; onEdit: (builder: PublicBuilder) => void }) {
  const { list } = useLoaderData<BuildersLoaderData>();
  // A list already here (rendered on the server, or hydrating from its HTML) renders as it is: an <Await> would
  // suspend once even on a settled value, and a boundary that suspends on the server is sent as an inline
  // script (which the CSP blocks), so hydration would throw the server's directory away.
  if (!(list instanceof Promise)) return <DirectoryList builders={list.builders} onJoin={onJoin} onEdit={onEdit} />;
  return (
    <Suspense
      fallback={
        <DirectoryFrame pending>
          <LoadingGrid />
        </DirectoryFrame>
      }
    >
      <Await
        resolve={list}
        errorElement={
          <DirectoryFrame>
            <DirectoryFailed />
          </DirectoryFrame>
        }
      >
        {(loaded: BuildersList) => <DirectoryList builders={loaded.builders} onJoin={onJoin} onEdit={onEdit} />}
      </Await>
    </Suspense>
  );
}

function DirectoryFrame({ pending = false, count, children }: { pending?: boolean; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby="directory-title" aria-busy={pending} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="directory-title" className="text-2xl font-bold tracking-tight">
          The Builders
        </h2>
        {count ? <p className="text-sm text-ink-muted">{countText(count, "builder")}</p> : null}
      </div>
      {children}
    </section>
  );
}

function DirectoryFailed() {
  const revalidator = useRevalidator();
  return (
    <LoadFailedAlert
      title="Failed to fetch builders"
      onRetry={() => void revalidator.revalidate()}
      retrying={revalidator.state === "loading"}
    />
  );
}

type DirectoryListProps = { builders: PublicBuilder[]; onJoin: (() => void) | null; onEdit: (builder: PublicBuilder) => void };

function DirectoryList({ builders, onJoin, onEdit }: DirectoryListProps) {
  return (
    <DirectoryFrame count={builders.length}>
      {builders.length > 0 ? (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {builders.map((builder) => (
            <li key={builder.id}>
              <BuilderCard builder={builder} onEdit={onEdit} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState
          icon={Rocket}
          titleAs="h3"
          title="Coming Soon"
          description="Our builders directory is just getting started. Share what you are building and be among the first faces here."
          action={
            onJoin ? (
              <JoinLink onClick={onJoin}>
                <UserPlus aria-hidden="true" />
                Be the First to Join
              </JoinLink>
            ) : null
          }
        />
      )}
    </DirectoryFrame>
  );
}

function LoadingGrid() {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only" role="status">
        Loading builders
      </span>
      {[0, 1, 2].map((index) => (
        <Card key={index} aria-hidden="true" className="flex animate-pulse flex-col gap-4 p-5">
          <div className="flex items-center gap-4">
            <div className="size-14 rounded-full bg-sunken" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-2/3 rounded bg-sunken" />
              <div className="h-3 w-1/2 rounded bg-sunken" />
            </div>
          </div>
          <div className="h-3 w-full rounded bg-sunken" />
          <div className="h-3 w-5/6 rounded bg-sunken" />
        </Card>
      ))}
    </div>
  );
}
