import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { installAnalytics } from "./lib/analytics";
import { AuthProvider } from "./lib/auth";
import { TrpcProvider } from "./lib/trpc";
import { createRouter } from "./routes";
import { Toaster } from "./ui/toast";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

const router = createRouter();
installAnalytics();

createRoot(container).render(
  <StrictMode>
    <TrpcProvider>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </TrpcProvider>
  </StrictMode>,
);
