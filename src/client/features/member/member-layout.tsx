import { TooltipProvider } from "#client/ui/tooltip.tsx";
import { AuthGate } from "#client/features/auth/auth-gate.tsx";
import { MemberFrame } from "./member-frame";
import { MemberHeader } from "./member-header";

/** Signed-in members' frame: the sign-in gate first (the form reloads the same address), then the member header. */
export function SignedInMemberLayout() {
  return (
    <AuthGate>
      <TooltipProvider delayDuration={300}>
        <MemberFrame header={<MemberHeader />} />
      </TooltipProvider>
    </AuthGate>
  );
}
