import { LegalPage } from "./legal-page";

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" intro="We collect as little as we can, keep it on our own servers, and never sell it.">
      <section>
        <h2>What we keep</h2>
        <ul>
          <li>Your account: name, email address and role. Passwords are stored only as a one-way hash.</li>
          <li>What you choose to send us: waitlist sign-ups, builder profiles and images you upload.</li>
          <li>Basic visit statistics: pages viewed, referring site, approximate place and device type.</li>
        </ul>
        <p>
          The approximate place (country, region, city) is looked up on our server from your network address. This product includes GeoLite2
          Data created by MaxMind, available from <a href="https://www.maxmind.com">https://www.maxmind.com</a>.
        </p>
      </section>
      <section>
        <h2>Cookies and browser storage</h2>
        <p>
          Signing in sets one session cookie that scripts cannot read. Your browser also keeps your name, email and role so pages can show
          them quickly; it never keeps your password or session token. We use no advertising cookies.
        </p>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To run the site: sign you in, send the emails you asked for (such as password resets), show the community pages, and understand
          which pages are useful. We do not sell or rent your data, and we do not share it except with the services that host the site and
          deliver its email.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can ask for a copy of your data, a correction, or deletion of your account by replying to any email you received from us.
          Password reset links expire after one hour.
        </p>
      </section>
    </LegalPage>
  );
}
