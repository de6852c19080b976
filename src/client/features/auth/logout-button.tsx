import { useState } from "react";
import { useNavigate } from "react-router";
import { LogOut } from "lucide-react";
import { useAuth } from "#client/lib/auth.tsx";
import { errorMessage } from "#client/lib/errors.ts";
import { Button, type ButtonProps } from "#client/ui/button.tsx";
import { cn } from "#client/ui/cn.ts";
import { toast } from "#client/ui/toast.tsx";

export type LogoutButtonProps = {
  /** Where to go once signed out; null stays on the page (which then shows its signed-out state). */
  redirectTo?: string | null;
  /** The label hides on phones, leaving the icon. */
  compact?: boolean;
  size?: ButtonProps["size"];
  className?: string;
};

/** Ends the session on the server, then leaves for `redirectTo`; a failure says so in a toast. */
export function LogoutButton({ redirectTo = "/", compact = false, size = "sm", className }: LogoutButtonProps) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const [pending, setPending] = useState(false);

  const signOut = async () => {
    setPending(true);
    try {
      await logout();
      if (redirectTo === null) setPending(false);
      else void navigate(redirectTo, { replace: true });
    } catch (cause) {
      toast({
        variant: "error",
        title: "Could not log out",
        description: errorMessage(cause, { fallback: "Logout failed", network: "Network error. Please try again." }),
      });
      setPending(false);
    }
  };

  return (
    <Button
      variant="outline"
      size={size}
      loading={pending}
      onClick={() => void signOut()}
      aria-label={compact ? "Logout" : undefined}
      className={cn(compact && "max-sm:w-9 max-sm:px-0", className)}
    >
      <LogOut aria-hidden="true" />
      <span className={cn(compact && "max-sm:sr-only")}>Logout</span>
    </Button>
  );
}
