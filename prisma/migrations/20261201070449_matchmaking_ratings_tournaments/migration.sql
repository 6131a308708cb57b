-- CreateTable
CREATE TABLE "Rating" (
    "playerId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "ordinal" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("playerId","mode")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "muBefore" DOUBLE PRECISION NOT NULL,
    "sigmaBefore" DOUBLE PRECISION NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "rank" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RatedGame" (
    "gameId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ratedAt" TIMESTAMP(3),

    CONSTRAINT "RatedGame_pkey" PRIMARY KEY ("gameId")
);

-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "tableSize" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "rounds" INTEGER NOT NULL,
    "rated" BOOLEAN NOT NULL,
    "noShow" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'created',
    "currentRound" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentPlayer" (
    "tournamentId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "seed" INTEGER,
    "checkedIn" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'registered',
    "registeredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentPlayer_pkey" PRIMARY KEY ("tournamentId","playerId")
);

-- CreateTable
CREATE TABLE "TournamentGame" (
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "tableNo" INTEGER NOT NULL,
    "gameId" TEXT NOT NULL,
    "seats" JSONB NOT NULL,
    "result" JSONB,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "TournamentGame_pkey" PRIMARY KEY ("tournamentId","round","tableNo")
);

-- CreateTable
CREATE TABLE "TournamentAudit" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "detail" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Rating_mode_ordinal_idx" ON "Rating"("mode", "ordinal");

-- CreateIndex
CREATE INDEX "RatingChange_playerId_createdAt_idx" ON "RatingChange"("playerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RatingChange_playerId_gameId_key" ON "RatingChange"("playerId", "gameId");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentGame_gameId_key" ON "TournamentGame"("gameId");

-- CreateIndex
CREATE INDEX "TournamentAudit_tournamentId_at_idx" ON "TournamentAudit"("tournamentId", "at");

-- AddForeignKey
ALTER TABLE "TournamentPlayer" ADD CONSTRAINT "TournamentPlayer_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentGame" ADD CONSTRAINT "TournamentGame_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentAudit" ADD CONSTRAINT "TournamentAudit_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;
