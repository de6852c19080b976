import { TooltipProvider } from "../../ui/tooltip";
import { AuthGate } from "../auth/auth-gate";
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
