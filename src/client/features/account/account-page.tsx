import { PasskeysSection } from "./passkeys-section";
import { TwoFactorSection } from "./two-factor-section";

/** The account page's sign-in protection: passkeys and two-factor codes (the member layout shows the "Account" heading). */
export function AccountPage() {
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PasskeysSection />
      <TwoFactorSection />
    </div>
  );
}
