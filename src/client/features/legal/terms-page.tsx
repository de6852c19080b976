import { LegalPage } from "./legal-page";

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="The short version: The $100 Lab is a place to learn by watching and running small experiments. It is not investment advice."
    >
      <section>
        <h2>What this site is</h2>
        <p>
          The $100 Lab shares small, real experiments (usually around $100) and what was learned from them. Everything here is for education
          and entertainment. Nothing on the site is financial, legal or tax advice, and past results of an experiment say nothing about
          future ones.
        </p>
      </section>
      <section>
        <h2>Your decisions are yours</h2>
        <p>
          If you put money into something because of what you read here, you do so at your own risk. Only use money you can afford to lose,
          and ask a qualified adviser when in doubt.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <ul>
          <li>Give a real email address and keep your password to yourself.</li>
          <li>You are responsible for what happens under your account.</li>
          <li>Do not use the site to spam, harass, break the law, or attack the service.</li>
        </ul>
        <p>We may suspend accounts that break these rules.</p>
      </section>
      <section>
        <h2>What you share</h2>
        <p>
          You keep the rights to what you submit (for example a builder profile). By submitting it you let us show it on the site for as
          long as your submission stays published.
        </p>
      </section>
      <section>
        <h2>The service</h2>
        <p>
          The site is early and provided as is. Features may change or disappear, and we may update these terms; when we do, the new version
          is published on this page.
        </p>
      </section>
    </LegalPage>
  );
}
