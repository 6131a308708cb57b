-- The rules' refusals, stored before they are answered, so that a command id sent again after a failover
-- or a restart gets the same refusal (DESIGN invariant 5), not an application of the command.
-- CreateTable
CREATE TABLE "CommandRefusal" (
    "gameId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "clientCommandId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "atSeq" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommandRefusal_pkey" PRIMARY KEY ("gameId","playerId","clientCommandId")
);

-- CreateIndex
CREATE INDEX "CommandRefusal_gameId_createdAt_idx" ON "CommandRefusal"("gameId", "createdAt");

-- AddForeignKey
ALTER TABLE "CommandRefusal" ADD CONSTRAINT "CommandRefusal_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
