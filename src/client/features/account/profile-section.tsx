import { useMutation } from "@tanstack/react-query";
import { accountRenameInput, emailChangeInput } from "#common/account/input.ts";
import type { SessionUser } from "#common/auth/accounts.ts";
import { useAuth } from "#client/lib/auth.tsx";
import { useTRPC } from "#client/lib/trpc.ts";
import { AccountForm } from "./account-form";
import { AccountSection } from "./account-section";

/** The name, and the email address (changed once a link mailed to the new one is opened). */
export function ProfileSection({ user }: { user: SessionUser }) {
  const trpc = useTRPC();
  const { refresh } = useAuth();
  const rename = useMutation(trpc.account.rename.mutationOptions());
  const changeEmail = useMutation(trpc.account.requestEmailChange.mutationOptions());

  return (
    <AccountSection id="profile" title="Profile" description="Your name shows on the experiments you share.">
      <div className="grid gap-6 max-md:divide-y max-md:divide-line md:grid-cols-2 md:gap-8 [&>*+*]:max-md:pt-6">
        <AccountForm
          fields={[{ name: "name", label: "Full name", kind: "name" }]}
          initial={{ name: user.name }}
          schema={accountRenameInput}
          submitLabel="Save name"
          onSubmit={async (values) => {
            await rename.mutateAsync(values);
            await refresh();
            return "Your name is saved.";
          }}
        />
        <AccountForm
          fields={[
            { name: "email", label: "New email address", kind: "email", hint: <>Now: {user.email}</> },
            { name: "currentPassword", label: "Current password", kind: "current-password" },
          ]}
          initial={{ email: "", currentPassword: "" }}
          schema={emailChangeInput}
          submitLabel="Change email"
          clearOnSuccess={["currentPassword"]}
          onSubmit={async (values) => (await changeEmail.mutateAsync(values)).message}
        />
      </div>
    </AccountSection>
  );
}
