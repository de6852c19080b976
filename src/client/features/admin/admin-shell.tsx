import { Suspense, useCallback, useState } from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "#client/ui/cn.ts";
import { PageSpinner } from "#client/ui/spinner.tsx";
import { SkipLink } from "#client/features/site/skip-link.tsx";
import { AdminHeader } from "./admin-header";
import { AdminSidebarContent } from "./admin-sidebar";
import { useAdminRoute } from "./use-admin-route";

/** Remembered per browser: "collapsed" or "expanded". A layout preference, nothing secret. */
export const SIDEBAR_STORAGE_KEY = "hundred-dollar-lab admin sidebar";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === "collapsed";
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean) {
  try {
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, collapsed ? "collapsed" : "expanded");
  } catch {
    // Storage unavailable (private mode): the preference lasts for this visit only.
  }
}

/**
 * The back office frame for every /admin page: a sidebar of 280 px that collapses to 64 px of icons
 * (from 1024 px wide; below that it is an off-canvas drawer), a header with the page's title, and the page.
 */
export function AdminShell() {
  const { title, path, page: Page } = useAdminRoute();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleCollapsed = useCallback(() => {
    setCollapsed((current) => {
      writeCollapsed(!current);
      return !current;
    });
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <div className="flex min-h-dvh bg-canvas">
      <title>{`${title} · Back office · The $100 Lab`}</title>
      <SkipLink />
      <aside
        id="admin-sidebar"
        aria-label="Sidebar"
        className={cn("hidden shrink-0 bg-ink transition-[width] duration-200 lg:block", collapsed ? "w-16" : "w-[280px]")}
      >
        <div className="sticky top-0 h-dvh">
          <AdminSidebarContent collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
        </div>
      </aside>

      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in lg:hidden" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-[280px] max-w-[85vw] flex-col shadow-overlay outline-none data-[state=open]:animate-fade-in lg:hidden"
          >
            <DialogPrimitive.Title className="sr-only">Back office menu</DialogPrimitive.Title>
            <AdminSidebarContent collapsed={false} onNavigate={closeDrawer} />
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="absolute top-3.5 right-3 inline-flex size-9 items-center justify-center rounded-control text-stone-400 outline-none hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader onOpenMenu={() => setDrawerOpen(true)} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-8">
          <div className="mx-auto w-full max-w-7xl">
            <Suspense fallback={<PageSpinner label="Loading page" />}>
              <Page key={path} />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
