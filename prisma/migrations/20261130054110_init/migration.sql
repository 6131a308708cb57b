-- CreateEnum
CREATE TYPE "PlayerKind" AS ENUM ('guest', 'admin');

-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('running', 'finished', 'abandoned');

-- CreateTable
CREATE TABLE "Player" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "PlayerKind" NOT NULL DEFAULT 'guest',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "status" "GameStatus" NOT NULL DEFAULT 'running',
    "setup" JSONB NOT NULL,
    "tableCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "lastSeq" INTEGER NOT NULL DEFAULT 0,
    "winnerTeam" TEXT,
    "winnerPlayers" JSONB,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "gameId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "playerId" TEXT,
    "botKind" TEXT,
    "name" TEXT NOT NULL,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("gameId","seat")
);

-- CreateTable
CREATE TABLE "CommandLogEntry" (
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "playerId" TEXT NOT NULL,
    "clientCommandId" TEXT NOT NULL,
    "command" JSONB NOT NULL,
    "dice" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommandLogEntry_pkey" PRIMARY KEY ("gameId","seq")
);

-- CreateIndex
CREATE INDEX "Game_status_createdAt_idx" ON "Game"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Game_tableCode_idx" ON "Game"("tableCode");

-- CreateIndex
CREATE INDEX "Seat_playerId_idx" ON "Seat"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "CommandLogEntry_gameId_clientCommandId_key" ON "CommandLogEntry"("gameId", "clientCommandId");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommandLogEntry" ADD CONSTRAINT "CommandLogEntry_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
