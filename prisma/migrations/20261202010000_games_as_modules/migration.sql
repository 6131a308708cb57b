-- Games are modules: the id of the game module (dice, dice_duel) replaces the mode of the engine
-- (classic, duel) in games, ratings, rated games, rating changes and tournaments, a stored setup no
-- longer names its mode (the game column does), and the forced dice of a log entry become the draws
-- of game-core (each throw a roll draw).

-- Game
ALTER TABLE "Game" RENAME COLUMN "mode" TO "game";
UPDATE "Game" SET "game" = CASE "game" WHEN 'classic' THEN 'dice' WHEN 'duel' THEN 'dice_duel' ELSE "game" END;
UPDATE "Game" SET "setup" = "setup" - 'mode';

-- CommandLogEntry
ALTER TABLE "CommandLogEntry" RENAME COLUMN "dice" TO "draws";
UPDATE "CommandLogEntry"
SET "draws" = (SELECT COALESCE(jsonb_agg(jsonb_build_object('roll', t.faces) ORDER BY t.i), '[]'::jsonb) FROM jsonb_array_elements("draws") WITH ORDINALITY AS t(faces, i))
WHERE "draws" IS NOT NULL AND jsonb_typeof("draws") = 'array';

-- Rating
ALTER TABLE "Rating" RENAME COLUMN "mode" TO "game";
ALTER INDEX "Rating_mode_ordinal_idx" RENAME TO "Rating_game_ordinal_idx";
UPDATE "Rating" SET "game" = CASE "game" WHEN 'classic' THEN 'dice' WHEN 'duel' THEN 'dice_duel' ELSE "game" END;

-- RatingChange
ALTER TABLE "RatingChange" RENAME COLUMN "mode" TO "game";
UPDATE "RatingChange" SET "game" = CASE "game" WHEN 'classic' THEN 'dice' WHEN 'duel' THEN 'dice_duel' ELSE "game" END;

-- RatedGame
ALTER TABLE "RatedGame" RENAME COLUMN "mode" TO "game";
UPDATE "RatedGame" SET "game" = CASE "game" WHEN 'classic' THEN 'dice' WHEN 'duel' THEN 'dice_duel' ELSE "game" END;

-- Tournament
ALTER TABLE "Tournament" RENAME COLUMN "mode" TO "game";
UPDATE "Tournament" SET "game" = CASE "game" WHEN 'classic' THEN 'dice' WHEN 'duel' THEN 'dice_duel' ELSE "game" END;

-- TournamentGame: a table result is the game module's (team, points, winners), the two per-seat fields
-- of the first game are dropped
UPDATE "TournamentGame" SET "result" = "result" - 'roles' - 'alive' WHERE "result" IS NOT NULL;
