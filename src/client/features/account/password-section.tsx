import { useMutation, useQueryClient } from "@tanstack/react-query";
import { passwordChangeInput } from "#common/account/input.ts";
import { passwordConfirmationError } from "#common/auth/accounts.ts";
import { countText } from "#client/lib/format.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { AccountForm } from "./account-form";

/** A new password, proven by the current one; every other session ends. */
export function PasswordChangeForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(trpc.account.changePassword.mutationOptions());

  return (
    <AccountForm
      fields={[
        { name: "currentPassword", label: "Current password", kind: "current-password" },
        { name: "newPassword", label: "New password", kind: "new-password", hint: "At least 6 characters." },
        { name: "confirmPassword", label: "Confirm new password", kind: "new-password" },
      ]}
      initial={{ currentPassword: "", newPassword: "", confirmPassword: "" }}
      schema={passwordChangeInput}
      extraCheck={(values) => ({
        confirmPassword: passwordConfirmationError({ password: values.newPassword, confirmPassword: values.confirmPassword }),
      })}
      submitLabel="Change password"
      clearOnSuccess={["currentPassword", "newPassword", "confirmPassword"]}
      onSubmit={async ({ currentPassword, newPassword }) => {
        const { endedSessions } = await change.mutateAsync({ currentPassword, newPassword });
        await queryClient.invalidateQueries(trpc.account.sessions.pathFilter());
        return endedSessions > 0
          ? `Your password is changed, and ${countText(endedSessions, "other session")} ${endedSessions === 1 ? "was" : "were"} signed out.`
          : "Your password is changed.";
      }}
    />
  );
}
