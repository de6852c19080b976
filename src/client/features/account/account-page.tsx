import { useSearchParams } from "react-router";
import { EMAIL_CHANGE_INVALID_TEXT, EMAIL_CHANGED_TEXT } from "#common/account/account.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { Alert } from "#client/ui/alert.tsx";
import { AccountSection } from "./account-section";
import { DeleteAccountSection, ExportSection } from "./data-sections";
import { PasskeysSection } from "./passkeys-section";
import { PasswordChangeForm } from "./password-section";
import { ProfileSection } from "./profile-section";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";

/**
 * /account, for every signed-in user (the member layout's gate signs a visitor in first): profile, sign-in
 * security, sessions, the data export and deletion. `?email=changed|invalid` is where an email change link lands.
 */
export function AccountPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const emailFlag = params.get("email");
  if (!user) return null;

  return (
    <div className="flex w-full flex-col gap-6">
      {emailFlag === "changed" ? <Alert variant="success">{EMAIL_CHANGED_TEXT}</Alert> : null}
      {emailFlag === "invalid" ? <Alert variant="error">{EMAIL_CHANGE_INVALID_TEXT}</Alert> : null}
      <ProfileSection key={user.id} user={user} />
      <AccountSection id="sign-in-security" title="Sign-in security" description="Changing your password signs out every other session.">
        <PasswordChangeForm />
        <PasskeysSection />
        <TwoFactorSection />
      </AccountSection>
      <SessionsSection />
      <ExportSection />
      <DeleteAccountSection />
    </div>
  );
}
