-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "fencingToken" INTEGER NOT NULL DEFAULT 0;
