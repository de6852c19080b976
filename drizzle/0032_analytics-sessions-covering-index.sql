DROP INDEX "analytics_sessions_ended_at_idx";--> statement-breakpoint
CREATE INDEX "analytics_sessions_ended_started_idx" ON "analytics_sessions" USING btree ("ended_at","started_at");