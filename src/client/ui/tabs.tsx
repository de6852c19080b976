import type { ComponentProps } from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "./cn";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn("inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-control bg-sunken p-1 text-ink-muted", className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "focus-ring inline-flex h-9 items-center justify-center gap-2 rounded-[calc(var(--radius-control)-2px)] px-3 text-sm font-medium whitespace-nowrap",
        "transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-60",
        "data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-panel [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("focus-ring mt-4 rounded-control", className)} {...props} />;
}
