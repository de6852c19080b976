import { AccountSection } from "./account-section";
import { PasskeysSection } from "./passkeys-section";
import { TwoFactorSection } from "./two-factor-section";

/** The account page's second factors alone: what an admin held at enrolment (ADMIN_2FA=required) is shown. */
export function SecondFactorEnrolment() {
  return (
    <AccountSection id="second-factors" title="Add a second factor" description="A passkey or two-factor codes: either one will do.">
      <PasskeysSection />
      <TwoFactorSection />
    </AccountSection>
  );
}
