import type { ComponentProps } from "react";

export type PostFormProps = Omit<ComponentProps<"form">, "method" | "action" | "aria-busy"> & {
  /** The page the browser posts to on its own (before or without scripts): the form's own page. */
  action: string;
  /** A submit in flight (aria-busy). */
  busy?: boolean;
};

/**
 * A public form that works before its scripts run: the browser posts it (`method="post"`, urlencoded) to its
 * page, which the server answers as the scripted submit would. Once hydrated, `onSubmit` takes over; the
 * browser's own validation stays off so the form shows the shared schema's messages either way.
 */
export function PostForm({ busy = false, ...props }: PostFormProps) {
  return <form method="post" noValidate aria-busy={busy} {...props} />;
}
