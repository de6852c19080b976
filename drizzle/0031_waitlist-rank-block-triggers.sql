-- waitlist_rank_blocks counts the entries per block of 1,024 rank scores (block = coalesce(rank_score, position) >> 10).
-- Triggers keep it exact in the writer's own transaction, whoever writes: a join, a referral credit, a deletion,
-- a restore, the rewrite after the boost setting changed.
CREATE FUNCTION waitlist_rank_blocks_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_block integer;
  new_block integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_block := coalesce(OLD.rank_score, OLD.position) >> 10; END IF;
  IF TG_OP <> 'DELETE' THEN new_block := coalesce(NEW.rank_score, NEW.position) >> 10; END IF;
  IF old_block IS NOT DISTINCT FROM new_block THEN RETURN NULL; END IF;
  -- The lower block's row first, in every transaction: two entries moving past each other's blocks then
  -- wait for one another in one order, never in a cycle.
  IF old_block IS NOT NULL AND (new_block IS NULL OR old_block < new_block) THEN
    UPDATE waitlist_rank_blocks SET entries = entries - 1 WHERE block = old_block;
    old_block := NULL;
  END IF;
  IF new_block IS NOT NULL THEN
    INSERT INTO waitlist_rank_blocks (block, entries) VALUES (new_block, 1)
      ON CONFLICT (block) DO UPDATE SET entries = waitlist_rank_blocks.entries + 1;
  END IF;
  IF old_block IS NOT NULL THEN
    UPDATE waitlist_rank_blocks SET entries = entries - 1 WHERE block = old_block;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION waitlist_rank_blocks_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM waitlist_rank_blocks;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER waitlist_rank_blocks_on_insert AFTER INSERT ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION waitlist_rank_blocks_follow();
--> statement-breakpoint
CREATE TRIGGER waitlist_rank_blocks_on_delete AFTER DELETE ON waitlist_entries
  FOR EACH ROW EXECUTE FUNCTION waitlist_rank_blocks_follow();
--> statement-breakpoint
CREATE TRIGGER waitlist_rank_blocks_on_move AFTER UPDATE OF rank_score, position ON waitlist_entries
  FOR EACH ROW
  WHEN ((coalesce(OLD.rank_score, OLD.position) >> 10) IS DISTINCT FROM (coalesce(NEW.rank_score, NEW.position) >> 10))
  EXECUTE FUNCTION waitlist_rank_blocks_follow();
--> statement-breakpoint
CREATE TRIGGER waitlist_rank_blocks_on_truncate AFTER TRUNCATE ON waitlist_entries
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_rank_blocks_clear();
--> statement-breakpoint
INSERT INTO waitlist_rank_blocks (block, entries)
  SELECT coalesce(rank_score, position) >> 10, count(*)::int FROM waitlist_entries GROUP BY 1;
