-- A client command id is unique per player of a game, not per game: one player's id can no longer
-- take (and so block) the id another player's client is about to use.
-- DropIndex
DROP INDEX "CommandLogEntry_gameId_clientCommandId_key";

-- CreateIndex
CREATE UNIQUE INDEX "CommandLogEntry_gameId_playerId_clientCommandId_key" ON "CommandLogEntry"("gameId", "playerId", "clientCommandId");
