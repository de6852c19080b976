import { Link } from "react-router-dom";
import { CalendarCheck } from "lucide-react";
import { AdminTopBar } from "../admin/admin-top-bar";
import { Button } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { PageHeader } from "../../ui/page-header";

/** Placeholder for the admin daily plan (/today). Shows no figures on purpose. */
export function TodayPage() {
  return (
    <>
      <title>Today · The $100 Lab</title>
      <AdminTopBar />
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-8 px-4 py-10 sm:px-6">
        <PageHeader eyebrow="Admin" title="Today" />
        <EmptyState
          icon={CalendarCheck}
          title="The daily plan arrives with its own issue"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="secondary">
                <Link to="/admin">Back office</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/">Back to Site</Link>
              </Button>
            </div>
          }
        />
      </main>
    </>
  );
}
