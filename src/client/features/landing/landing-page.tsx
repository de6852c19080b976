import type { LucideIcon } from "lucide-react";
import { ArrowRight, BookOpen, Check, FlaskConical, Sparkles, TrendingUp, Users } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { TextLink } from "#client/ui/text-link.tsx";
import { WaitlistForm } from "#client/features/waitlist/waitlist-form.tsx";

/**
 * The public home page (/): headline, the three highlight figures, the Coming Soon block and the
 * waitlist form. The site header (home link, Admin link to /login) comes from the public layout.
 */
export function LandingPage() {
  return (
    <>
      <title>The $100 Lab · Learn to invest with real $100 experiments</title>
      <Hero />
      <ComingSoon />
      <WaitlistSection />
    </>
  );
}

type Highlight = { figure: string; caption: string };

const HIGHLIGHTS: Highlight[] = [
  { figure: "$100", caption: "per experiment: small enough to afford, big enough to teach you something." },
  { figure: "Real", caption: "money, real markets and real results, shared in the open." },
  { figure: "Low", caption: "risk by design: you know the most you can lose before you start." },
];

function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden border-b border-line bg-gradient-to-b from-brand-50 via-canvas to-canvas"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-brand-200/40 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-6xl flex-col items-center px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
        <Badge variant="brand" className="mb-6 px-3 py-1 text-sm">
          <Sparkles aria-hidden="true" className="size-3.5!" />
          Coming Soon
        </Badge>
        <h1 id="hero-title" className="max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl">
          Learn to invest by running real <span className="rounded-md bg-brand-300 px-1.5 box-decoration-clone">$100 experiments</span>.
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-ink-muted sm:text-xl">
          The $100 Lab is a community for indie builders who practise investing with small, real bets, and turn what they learn into
          content.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <a href="#waitlist">
              Join the waitlist
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/builders">
              <Users aria-hidden="true" />
              Meet the builders
            </Link>
          </Button>
        </div>

        <ul aria-label="Highlights" className="mt-14 grid w-full max-w-4xl grid-cols-1 gap-4 sm:mt-16 sm:grid-cols-3">
          {HIGHLIGHTS.map((item) => (
            <li
              key={item.figure}
              className="flex items-center gap-4 rounded-panel border border-line bg-surface/80 px-5 py-4 text-left shadow-panel backdrop-blur sm:flex-col sm:gap-2 sm:py-6 sm:text-center"
            >
              <span className="w-24 shrink-0 text-3xl font-black tracking-tight text-ink sm:w-auto sm:text-5xl">{item.figure}</span>
              <span className="text-sm text-ink-muted sm:max-w-[16rem]">{item.caption}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

type Feature = { title: string; description: string; icon: LucideIcon };

const COMING_SOON: Feature[] = [
  {
    title: "Track Experiments",
    description: "Log each $100 experiment: the hypothesis, the daily updates and the result, so you see what worked and why.",
    icon: FlaskConical,
  },
  {
    title: "Learn Skills",
    description: "Follow playbook chapters on investing, product and content, each with a checklist you can act on today.",
    icon: BookOpen,
  },
  {
    title: "Build Confidence",
    description: "Start small, learn from real outcomes, and make bigger decisions alongside builders doing the same.",
    icon: TrendingUp,
  },
];

function ComingSoon() {
  return (
    <section aria-labelledby="coming-soon-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">What&apos;s next</p>
        <h2 id="coming-soon-title" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Coming Soon
        </h2>
        <p className="mt-4 text-base text-ink-muted sm:text-lg">
          We&apos;re building the place to run, share and learn from small investing experiments. Here&apos;s what members get first.
        </p>
      </div>
      <ul className="mt-12 grid grid-cols-1 gap-5 md:grid-cols-3">
        {COMING_SOON.map(({ title, description, icon: Icon }) => (
          <li key={title} className="flex">
            <Card className="flex w-full flex-col transition-shadow hover:shadow-overlay">
              <CardHeader>
                <span
                  aria-hidden="true"
                  className="mb-2 flex size-11 items-center justify-center rounded-control bg-brand-100 text-brand-900"
                >
                  <Icon className="size-5" />
                </span>
                <CardTitle as="h3">{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription className="text-base leading-relaxed">{description}</CardDescription>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

const PERKS = [
  "Early access before the public launch",
  "First pick of the experiments you care about",
  "One email when we open, nothing more",
];

function WaitlistSection() {
  return (
    <section
      id="waitlist"
      aria-labelledby="waitlist-title"
      tabIndex={-1}
      className="scroll-mt-6 border-t border-line bg-surface outline-none"
    >
      {/* Phones: intro, builders box, form. Wide screens: intro and builders box left, form right. The source
          order is the reading (and tab) order at every width: the builders link on the left comes before the form. */}
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-start gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:gap-x-16 lg:gap-y-8">
        <div className="flex flex-col gap-5 lg:pt-4">
          <h2 id="waitlist-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            Join the waitlist
          </h2>
          <p className="text-base text-ink-muted sm:text-lg">
            Be first in when The $100 Lab opens. Tell us what you&apos;re into and we&apos;ll shape the first experiments around it.
          </p>
          <ul className="flex flex-col gap-3">
            {PERKS.map((perk) => (
              <li key={perk} className="flex items-start gap-3 text-base text-ink">
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-400 text-ink"
                >
                  <Check className="size-3.5 stroke-[3]" />
                </span>
                {perk}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-panel border border-dashed border-line-strong bg-canvas p-5 lg:col-start-1">
          <p className="font-semibold text-ink">Already building something?</p>
          <p className="mt-1 text-sm text-ink-muted">Show your project to the community and meet other indie builders.</p>
          <TextLink to="/builders" className="mt-3 inline-flex items-center gap-1.5 text-sm">
            Join the builders community
            <ArrowRight aria-hidden="true" className="size-4" />
          </TextLink>
        </div>
        <Card className="p-5 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <WaitlistForm />
        </Card>
      </div>
    </section>
  );
}
