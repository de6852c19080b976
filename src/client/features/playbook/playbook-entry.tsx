import { createContext, useContext, type ReactNode } from "react";

/**
 * Where the Playbook is being used: the member area (/playbook) or the back office (/admin/playbook). The same
 * pages serve both; the back office adds authoring (drafts in the list, New Chapter, Edit, Delete).
 */
export type PlaybookEntry = { basePath: string; authoring: boolean };

const MEMBER_ENTRY: PlaybookEntry = { basePath: "/playbook", authoring: false };
export const ADMIN_ENTRY: PlaybookEntry = { basePath: "/admin/playbook", authoring: true };

const PlaybookEntryContext = createContext<PlaybookEntry>(MEMBER_ENTRY);

export const PlaybookEntryProvider = ({ entry, children }: { entry: PlaybookEntry; children: ReactNode }) => (
  <PlaybookEntryContext.Provider value={entry}>{children}</PlaybookEntryContext.Provider>
);

export const usePlaybookEntry = () => useContext(PlaybookEntryContext);

export const chapterPath = (entry: PlaybookEntry, id: string) => `${entry.basePath}/${id}`;
export const editorPath = (entry: PlaybookEntry, id: string | null) => (id ? `${entry.basePath}/${id}/edit` : `${entry.basePath}/new`);
