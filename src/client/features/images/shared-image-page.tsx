import { Link, useLoaderData, useParams } from "react-router";
import type { SharedImage } from "#common/images/images.ts";
import { ArrowLeft, ImageOff } from "lucide-react";
import { httpStatusOf, errorMessage } from "#client/lib/errors.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { LocalDateTime } from "#client/ui/local-date-time.tsx";
import { PageSpinner } from "#client/ui/spinner.tsx";
import type { SharedImageLoaderData } from "./shared-image-loader";

/**
 * /lab/image/:id: an image its owner shared, with its annotation. Anyone can open it, signed in or not. A page
 * the server rendered (or that hydrates from it) shows the server's answer; in the browser it asks the API.
 */
export function SharedImagePage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const { rendered } = useLoaderData<SharedImageLoaderData>();
  const image = useQuery(trpc.images.getShared.queryOptions({ id }, { enabled: rendered === null }));

  if (rendered) return rendered.image ? <SharedImageView image={rendered.image} /> : <NotShared />;

  if (image.isPending) return <PageSpinner label="Loading the image" />;
  if (image.isError) {
    // A malformed id (400) is as unknown as a missing or unshared one (404).
    const status = httpStatusOf(image.error);
    if (status === 400 || status === 404) return <NotShared />;
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-16">
        <LoadFailedAlert title="Failed to load the image" onRetry={() => void image.refetch()} retrying={image.isFetching}>
          {errorMessage(image.error, { fallback: "Please try again.", network: "Network error. Please try again." })}
        </LoadFailedAlert>
      </div>
    );
  }

  return <SharedImageView image={image.data} />;
}

function SharedImageView({ image }: { image: SharedImage }) {
  const { url, originalName, annotation, uploadedAt, width, height } = image;
  return (
    <article className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${originalName} · The $100 Lab`}</title>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">From The Lab</p>
        <h1 className="text-3xl font-bold tracking-tight break-words">{originalName}</h1>
        <p className="text-sm text-ink-muted">
          Uploaded <LocalDateTime iso={uploadedAt} />
        </p>
      </header>
      <Card className="overflow-hidden p-0">
        <div className="flex justify-center bg-sunken">
          <img
            src={url}
            alt={annotation || originalName}
            width={width}
            height={height}
            className="h-auto max-h-[75dvh] w-auto max-w-full object-contain"
          />
        </div>
        {annotation ? (
          <div className="border-t border-line p-5 sm:p-6">
            <h2 className="sr-only">Annotation</h2>
            <p className="text-lg leading-relaxed whitespace-pre-line">{annotation}</p>
          </div>
        ) : null}
      </Card>
      <BackLink />
    </article>
  );
}

function NotShared() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-16">
      <title>Image not shared · The $100 Lab</title>
      <EmptyState
        icon={ImageOff}
        titleAs="h1"
        title="This image is not shared"
        description="Its owner has not shared it, has stopped sharing it, or it no longer exists."
      />
      <BackLink />
    </div>
  );
}

function BackLink() {
  return (
    <p>
      <Button asChild variant="link">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Visit The $100 Lab
        </Link>
      </Button>
    </p>
  );
}
