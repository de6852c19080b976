CREATE TABLE "waitlist_rank_blocks" (
	"block" integer PRIMARY KEY NOT NULL,
	"entries" integer NOT NULL
);
