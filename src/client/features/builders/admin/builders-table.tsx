import type { AdminBuilder } from "#common/builders/admin.ts";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#client/ui/table.tsx";
import { BuilderContact, BuilderIdentity, BuilderRowActions, SubmittedTime, type BuilderRowActionsProps } from "./builder-parts";
import { StatusBadge } from "./builder-status";

export type BuildersViewProps = Omit<BuilderRowActionsProps, "builder" | "className"> & { builders: AdminBuilder[] };

/** Wide screens: the columns Builder, Contact, Status, Submitted, Actions. */
export function BuildersTable({ builders, ...actions }: BuildersViewProps) {
  return (
    <Table className="table-fixed">
      <colgroup>
        <col />
        <col />
        <col className="w-32" />
        <col className="w-32" />
        <col className="w-[19.5rem]" />
      </colgroup>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Builder</TableHead>
          <TableHead>Contact</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Submitted</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {builders.map((builder) => (
          <TableRow key={builder.id}>
            <TableCell>
              <BuilderIdentity builder={builder} />
            </TableCell>
            <TableCell>
              <BuilderContact builder={builder} />
            </TableCell>
            <TableCell>
              <StatusBadge status={builder.status} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-ink-muted">
              <SubmittedTime iso={builder.createdAt} />
            </TableCell>
            <TableCell className="py-2">
              <BuilderRowActions builder={builder} {...actions} className="justify-end" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per builder with the same fields, since five columns do not fit 390 px. */
export function BuildersList({ builders, ...actions }: BuildersViewProps) {
  return (
    <ul className="divide-y divide-line rounded-panel border border-line bg-surface">
      {builders.map((builder) => (
        <li key={builder.id} className="flex flex-col gap-3 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <BuilderIdentity builder={builder} />
            <StatusBadge status={builder.status} />
          </div>
          <BuilderContact builder={builder} />
          <p className="text-xs text-ink-muted">
            Submitted <SubmittedTime iso={builder.createdAt} />
          </p>
          <BuilderRowActions builder={builder} {...actions} />
        </li>
      ))}
    </ul>
  );
}
