import { FlaskConical, BookOpen, type LucideIcon } from "lucide-react";

/** The member header's sections. */
export const MEMBER_NAV: ReadonlyArray<{ to: string; label: string; icon: LucideIcon }> = [
  { to: "/lab", label: "The Lab", icon: FlaskConical },
  { to: "/playbook", label: "Playbook", icon: BookOpen },
];
