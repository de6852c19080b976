import { StrictMode, type ReactNode } from "react";
import { Toaster } from "#client/ui/toast.tsx";

/** The tree around the router, the same on the server (entry-server.tsx) and in the browser (main.tsx). */
export function App({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      {router}
      <Toaster />
    </StrictMode>
  );
}
